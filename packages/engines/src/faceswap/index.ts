export * from './types';
export { LandmarkFaceSwapEngine } from './engine';
export { detectFaces, loadFaceModels, type DetectedFace } from './detector';
export type { RgbImage, Point } from './swap';
