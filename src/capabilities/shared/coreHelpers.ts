// The core's small helpers that the capability modules share with it, reached through this
// seam so that there is one definition of each and the modules still import no other core file.
export { describeError } from '../../describeError.js';
export { describeValue } from '../../describeValue.js';
export { isRecord } from '../../isRecord.js';
