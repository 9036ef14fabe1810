// The ids of the categories and places an import meets: those stored, read
// once when it starts, and new ones inserted as they are first met (rare: one
// insert each). Known ones are answered without an await: a microtask per
// property adds up over a large feed.
import { FIRST_DYNAMIC_CATEGORY_ID } from '../../shared/catalogue.ts';
import { categoryFor } from './categories.ts';
import type { FeedProperty } from './feed-property.ts';
import type { Trx } from './import-tables.ts';
import { detach, slugify } from './text.ts';

export interface PlaceIds {
  country: number;
  region: number;
  town: number;
}

const placeKey = (p: FeedProperty) => `${p.country}\u0001${p.province}\u0001${p.town}`;

export class KnownIds {
  /** Category key → id, and the ids still free for new types. */
  private readonly categories = new Map<string, number>();
  private nextCategoryId = FIRST_DYNAMIC_CATEGORY_ID;
  /** Place path ('spain/alicante/torrevieja') → id. */
  private readonly places = new Map<string, number>();
  /** A property's country, province and town as written (placeKey) → their ids. */
  private readonly placeIds = new Map<string, PlaceIds>();

  constructor(private readonly db: Trx) {}

  async load(): Promise<void> {
    for (const c of await this.db.selectFrom('categories').select(['id', 'key']).execute()) {
      this.categories.set(c.key, c.id);
      if (c.id >= this.nextCategoryId) this.nextCategoryId = c.id + 1;
    }
    for (const p of await this.db.selectFrom('geo_places').select(['id', 'path']).execute()) this.places.set(p.path, p.id);
  }

  /** The category id of a property's type: a known one at once, else inserted. */
  category(p: FeedProperty): number | Promise<number> {
    return this.categories.get(categoryFor(p.type)!.key) ?? this.newCategory(p.type);
  }

  /** The ids of a property's country, province and town: known ones at once, else inserted. */
  place(p: FeedProperty): PlaceIds | Promise<PlaceIds> {
    return this.placeIds.get(placeKey(p)) ?? this.newPlace(p);
  }

  private async newCategory(type: string): Promise<number> {
    const choice = categoryFor(type)!;
    const known = this.categories.get(choice.key);
    if (known !== undefined) return known;
    const id = this.nextCategoryId++;
    await this.db.insertInto('categories').values({ id, key: choice.key, name: choice.name }).execute();
    this.categories.set(choice.key, id);
    return id;
  }

  private async newPlace(p: FeedProperty): Promise<PlaceIds> {
    const country = await this.placeId('country', null, '', p.country, null);
    const region = await this.placeId('region', country, slugify(p.country), p.province, null);
    const town = await this.placeId('town', region, `${slugify(p.country)}/${slugify(p.province)}`, p.town, p);
    const ids = { country, region, town };
    this.placeIds.set(detach(placeKey(p)), ids);
    return ids;
  }

  private async placeId(
    kind: 'country' | 'region' | 'town',
    parent: number | null,
    parentPath: string,
    name: string,
    at: FeedProperty | null,
  ): Promise<number> {
    const slug = slugify(name);
    const path = parentPath ? `${parentPath}/${slug}` : slug;
    const known = this.places.get(path);
    if (known !== undefined) return known;
    const { id } = await this.db
      .insertInto('geo_places')
      .values({ kind, parent_id: parent, name, slug, path, lat: at?.lat ?? null, lng: at?.lng ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.places.set(path, id);
    return id;
  }
}
