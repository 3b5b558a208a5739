// Modules that ship no types, as tinyagent uses them (listed in tsconfig.build.json's files too).

// ajv-formats-draft2019 adds the named formats to an Ajv instance.
declare module 'ajv-formats-draft2019' {
  import type { Ajv } from 'ajv';
  function addDraft2019Formats<T extends Pick<Ajv, 'addFormat'>>(ajv: T, options?: { formats?: string[] }): T;
  export default addDraft2019Formats;
}

// tr46: UTS #46 processing of domain names (toASCII gives null on error).
declare module 'tr46' {
  interface Tr46Options {
    checkHyphens?: boolean;
    checkBidi?: boolean;
    checkJoiners?: boolean;
    useSTD3ASCIIRules?: boolean;
    verifyDNSLength?: boolean;
    transitionalProcessing?: boolean;
    ignoreInvalidPunycode?: boolean;
  }
  const tr46: {
    toASCII(domainName: string, options?: Tr46Options): string | null;
    toUnicode(domainName: string, options?: Tr46Options): { domain: string; error: boolean };
  };
  export default tr46;
}
