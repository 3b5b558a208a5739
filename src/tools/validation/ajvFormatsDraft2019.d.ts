// The plugin ships no types: it adds the named formats to an Ajv instance.
declare module 'ajv-formats-draft2019' {
  import type { Ajv } from 'ajv';
  function addDraft2019Formats<T extends Pick<Ajv, 'addFormat'>>(ajv: T, options?: { formats?: string[] }): T;
  export default addDraft2019Formats;
}
