// A shell command line as permission rules see it: its simple commands (the parts between
// `&&`, `||`, `;` and `|`), and whether it uses a construct whose effect the parts do not show
// (command substitution, backticks, a newline, a background `&`, redirections, subshells).
// Guidance, not a parser of the whole shell language: when in doubt the line is opaque.

/** The parts of a command line, and why allow rules cannot vouch for it (empty when they can). */
export interface ShellCommandParts {
  parts: string[];
  opaque: string[];
}

const normalise = (part: string) => part.trim().replace(/\s+/g, ' ');

/**
 * Splits a command line into its parts outside quotes; notes the constructs rules cannot see into.
 * @example splitShellCommand('npm test && git status').parts // ['npm test', 'git status']
 */
export function splitShellCommand(command: string): ShellCommandParts {
  const parts: string[] = [];
  const opaque = new Set<string>();
  let current = '';
  let quote: "'" | '"' | undefined;
  const cut = () => {
    const part = normalise(current);
    if (part !== '') parts.push(part);
    current = '';
  };
  for (let index = 0; index < command.length; index++) {
    const char = command[index]!;
    const next = command[index + 1];
    if (char === '\n' || char === '\r') opaque.add('a newline');
    if (quote === "'") {
      if (char === "'") quote = undefined;
      current += char;
      continue;
    }
    if (char === '\\') {
      current += char + (next ?? '');
      index++;
      continue;
    }
    if (char === '`') opaque.add('backticks');
    if (char === '$' && (next === '(' || next === '{')) opaque.add(next === '(' ? '$(…)' : '${…}');
    if (quote === '"') {
      if (char === '"') quote = undefined;
      current += char;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      current += char;
    } else if (char === ';' || char === '\n' || char === '\r') {
      cut();
    } else if (char === '&' && next === '&') {
      cut();
      index++;
    } else if (char === '|') {
      cut();
      if (next === '|' || next === '&') index++;
    } else if (char === '&' && (command[index - 1] === '>' || command[index - 1] === '<')) {
      current += char; // `2>&1`, `<&3`: part of the redirection already noted
    } else if (char === '&') {
      opaque.add(next === '>' ? 'a redirection' : 'a background &');
      cut();
    } else if (char === '>' || char === '<') {
      opaque.add(next === '(' ? 'process substitution' : 'a redirection');
      current += char;
    } else if (char === '(' || char === ')') {
      opaque.add('a subshell');
      current += char;
    } else current += char;
  }
  if (quote !== undefined) opaque.add('an unterminated quote');
  cut();
  return { parts, opaque: [...opaque] };
}

const ASSIGNMENTS = /^(?:[A-Za-z_][A-Za-z0-9_]*=(?:'[^']*'|"[^"]*"|\S*)\s+)+/;

/**
 * A part without its leading `NAME=value` assignments, for deny and ask rules to see the command.
 * @example withoutAssignments('CI=1 rm -rf build') // 'rm -rf build'
 */
export function withoutAssignments(part: string): string {
  return part.replace(ASSIGNMENTS, '');
}
