// The demo's names: developments (invented, one of each name per feed),
// developers, and units' references.
import type { Area, DevelopmentKind } from './areas.ts';
import { pick, type Random } from './prng.ts';

const NAME_FIRST = [
  'Residencial',
  'Edificio',
  'Jardines de',
  'Terrazas de',
  'Mirador de',
  'Brisas de',
  'Altos de',
  'Balcón de',
  'Villas',
  'Lomas de',
  'Mar de',
  'Horizonte',
];

const NAME_SECOND = [
  'Poniente',
  'Levante',
  'Azahar',
  'Las Salinas',
  'Los Pinos',
  'El Faro',
  'Las Dunas',
  'Bahía Azul',
  'Marina',
  'Coral',
  'Albatros',
  'Miramar',
  'Aurora',
  'Serena',
  'La Reserva',
  'Sol y Mar',
  'Los Olivos',
  'Las Palmeras',
  'La Ermita',
  'Alborada',
  'Brisamar',
  'Calablanca',
  'Almendros',
  'Buganvilla',
];

export const DEVELOPERS = [
  'Brisamar Promociones',
  'Levantia Homes',
  'Grupo Alcazaba Costa',
  'Solmar Developments',
  'Azahar Residencial',
  'Mediterráneo Nuevo Hogar',
  'Promociones Cala Serena',
  'Atalaya Living',
  'Olivar & Costa Promotores',
  'Blue Horizon Homes',
  'Promociones Almanzora',
  'Cálida Build',
  'Sierra y Mar Desarrollos',
  'Casas del Sureste',
  'Andalucía Sun Homes',
  'Punta Brava Inversiones',
];

const ROMAN = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'];

export function developmentName(rand: Random, kind: DevelopmentKind, area: Area, names: Map<string, number>): string {
  let base: string;
  if (kind === 'luxury-villa') base = `Villa ${pick(rand, NAME_SECOND)}`;
  else if (kind === 'plots') base = `Parcelas ${pick(rand, NAME_SECOND)}`;
  else if (kind === 'country-houses') base = `Cortijo ${pick(rand, NAME_SECOND)}`;
  else {
    const first = pick(rand, kind === 'villas' ? ['Villas', 'Lomas de', 'Altos de', 'Mirador de'] : NAME_FIRST);
    base = `${first} ${rand() < 0.25 ? area.town : pick(rand, NAME_SECOND)}`;
  }
  const seen = names.get(base) ?? 0;
  names.set(base, seen + 1);
  return seen < ROMAN.length ? `${base}${ROMAN[seen]}` : `${base} ${seen + 1}`;
}

export function unitRef(name: string, n: number, i: number): string {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-ZÁÉÍÓÚ]/.test(w))
    .map((w) => w[0])
    .join('')
    .normalize('NFKD')
    .replace(/[^A-Z]/g, '');
  return `${initials || 'U'}${n}-${i + 1}`;
}
