/**
 * The operator console as one lazy chunk: operators open the queue and a trade one after the
 * other, and one import() in the route tree costs the public bundle less than three.
 */
export { ConsoleLayout } from './layouts/console-layout';
export { ReviewDetail } from '../features/review/components/review-detail';
export { ReviewQueue } from '../features/review/components/review-queue';
