// What the reader yields: one Kyero <property> as a checked, normalised unit
// record, or the reason it was refused; and the error for a feed that cannot be
// read at all. The format is described in docs/catalogue-import.md.
import type { FileKind, ProjectStage, UnitStatus } from '../store/schema.ts';

export interface FeedImage {
  url: string;
  caption: string | null;
  floorplan: boolean;
}

/** A <video_url> or <virtual_tour_url>: plain, or one per language (lang its ISO 639-1 code). */
export interface FeedMedia {
  kind: 'video' | 'tour';
  url: string;
  lang: string | null;
}

export interface FeedDocument {
  kind: FileKind;
  title: string;
  url: string;
}

/** One Kyero <property>: a unit, checked and normalised. */
export interface FeedProperty {
  /** The stable key within a feed: Kyero <id>, else 'ref:' and its <ref>. */
  id: string;
  /**
   * Kyero <date> as an ISO-8601 UTC timestamp, null when absent or unreadable.
   * Only a hint: the importer compares a property's whole content.
   */
  date: string | null;
  ref: string | null;
  /** <new_build>: false for a resale, null when the feed does not say (unknown: see ImportOptions.newBuildSource). */
  newBuild: boolean | null;
  /** Whole euros. */
  price: number;
  /** The <type> as written (tidied); see categoryFor. */
  type: string;
  town: string;
  province: string;
  country: string;
  locationDetail: string | null;
  lat: number | null;
  lng: number | null;
  /** null: not given, or given as 0 (feeds write 0 for unknown). Areas likewise. */
  bedrooms: number | null;
  bathrooms: number | null;
  pool: boolean;
  built: number | null;
  plot: number | null;
  terrace: number | null;
  solarium: number | null;
  garden: number | null;
  /**
   * Every language's description as the feed wrote it (markup or plain text,
   * mended), keyed by ISO 639-1 code, in feed order; '' keys text written
   * straight into <desc>, in no language. describe() makes the rich and plain
   * text: the importer does it once per development, not per unit.
   */
  descriptions: Record<string, string>;
  /** <url> per language (the listing on the exporter's site). */
  urls: Record<string, string>;
  features: string[];
  images: FeedImage[];
  documents: FeedDocument[];
  /** Its videos and virtual tours, in feed order, one entry per kind and address. */
  media: FeedMedia[];
  // Extensions (docs/catalogue-import.md, "This project's extensions"): grouping into developments and what Kyero lacks.
  developmentRef: string | null;
  developmentName: string | null;
  developer: string | null;
  deliveryDate: string | null;
  stage: ProjectStage | null;
  status: UnitStatus;
  floor: string | null;
  /** The line of the feed where the property starts. */
  line: number;
}

export type FeedItem = { ok: true; property: FeedProperty } | { ok: false; id: string | null; line: number; reason: string };

/** The feed cannot be read at all: not XML, not Kyero, or the bytes stopped coming. */
export class FeedError extends Error {
  override name = 'FeedError';
}
