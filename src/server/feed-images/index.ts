// Feed pictures kept on this server (api/feed-images.ts serves them).
export { createFeedImageCache, type FeedImageCache } from './cache.ts';
export { fetchPicture, pictureFetchOptions, PictureError, MAX_BYTES, MAX_REDIRECTS, type PictureAccess } from './fetch-picture.ts';
export { shownPictures } from './shown-pictures.ts';
export { addressPolicy, systemResolve, type Resolve } from './addresses.ts';
export { feedImageDir, feedImageKey, feedImageName } from './files.ts';
export { pruneFeedImages, pruneFloorPlans, feedImageCacheSize, type FileCount } from './prune.ts';
export { floorPlanDir, keptForClients } from './floor-plans.ts';
export { FLOOR_PLAN_RESIZE } from './derive.ts';
export { preparePhotos, photoDue, photosWaiting, retryDelayMs, type PhotoRun } from './prepare-photos.ts';
export { photosDir } from './photo-files.ts';
export type { DrawPicture } from './picture-source.ts';
export { prunePhotos } from './prune-photos.ts';
