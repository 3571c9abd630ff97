// `ballast completion bash|zsh|fish`: a completion script generated from the command tree itself, so every command
// and option registered anywhere is completed without a list kept by hand.
import type { Command } from "commander";
import type { CliContext } from "../context.js";
import { offline } from "../describe.js";
import { parseChoice } from "../parse.js";

export const SHELLS = ["bash", "zsh", "fish"] as const;
type Shell = (typeof SHELLS)[number];

/** One command of the tree: its path of names, its subcommands, its long options and whether each takes a value. */
interface CommandNode {
  path: string[];
  description: string;
  subcommands: CommandNode[];
  options: { flag: string; takesValue: boolean; description: string }[];
}

function nodeOf(command: Command, parentPath: string[], inherited: CommandNode["options"]): CommandNode {
  const path = [...parentPath, command.name()];
  const own = command.options
    .filter((o) => o.long !== undefined)
    .map((o) => ({ flag: o.long ?? "", takesValue: o.required || o.optional, description: o.description }));
  const options = [...inherited, ...own, { flag: "--help", takesValue: false, description: "display help" }];
  return {
    path,
    description: command.description(),
    subcommands: command.commands.filter((c) => c.name() !== "help").map((c) => nodeOf(c, path, [...inherited, ...own])),
    options,
  };
}

/** Every command of the tree, the root first. */
export function commandTree(program: Command): CommandNode[] {
  const all: CommandNode[] = [];
  const visit = (node: CommandNode) => {
    all.push(node);
    node.subcommands.forEach(visit);
  };
  visit(nodeOf(program, [], []));
  return all;
}

const words = (node: CommandNode) => [...node.subcommands.map((s) => s.path.at(-1) ?? ""), ...node.options.map((o) => o.flag)].join(" ");

/** The command path a shell has typed so far: non-option words, skipping the values of options that take one. */
function valueOptions(nodes: CommandNode[]): string {
  const flags = new Set(nodes.flatMap((n) => n.options.filter((o) => o.takesValue).map((o) => o.flag)));
  return [...flags, "-u", "-k"].join(" ");
}

function bashScript(nodes: CommandNode[]): string {
  const cases = nodes.map((n) => `    "${n.path.slice(1).join(" ")}") words="${words(n)}" ;;`).join("\n");
  return `# ballast completion for bash: source this file, or save it to /etc/bash_completion.d/ballast
_ballast() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" skip=0 word words i
  local value_options=" ${valueOptions(nodes)} "
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if ((skip)); then skip=0; continue; fi
    if [[ "$value_options" == *" $word "* ]]; then skip=1; continue; fi
    [[ "$word" == -* ]] || path="\${path:+$path }$word"
  done
  case "$path" in
${cases}
    *) words="" ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _ballast ballast
`;
}

function zshScript(nodes: CommandNode[]): string {
  const cases = nodes.map((n) => `    "${n.path.slice(1).join(" ")}") candidates=(${words(n)}) ;;`).join("\n");
  return `#compdef ballast
# ballast completion for zsh: save as _ballast in a directory of $fpath, or source it after compinit
_ballast() {
  local typed="" skip=0 word i
  local -a candidates
  local value_options=" ${valueOptions(nodes)} "
  for ((i = 2; i < CURRENT; i++)); do
    word="\${words[i]}"
    if ((skip)); then skip=0; continue; fi
    if [[ "$value_options" == *" $word "* ]]; then skip=1; continue; fi
    [[ "$word" == -* ]] || typed="\${typed:+$typed }$word"
  done
  case "$typed" in
${cases}
    *) candidates=() ;;
  esac
  compadd -a candidates
}
if [[ "\${funcstack[1]}" == "_ballast" ]]; then _ballast "$@"; else compdef _ballast ballast; fi
`;
}

const fishQuote = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function fishScript(nodes: CommandNode[]): string {
  const lines = ["# ballast completion for fish: save as ~/.config/fish/completions/ballast.fish", "complete -c ballast -f"];
  for (const node of nodes) {
    const path = node.path.slice(1);
    const condition =
      path.length === 0
        ? "__fish_use_subcommand"
        : `__fish_seen_subcommand_from ${path.at(-1) ?? ""}; and not __fish_seen_subcommand_from ${node.subcommands.map((s) => s.path.at(-1) ?? "").join(" ") || "--"}`;
    for (const sub of node.subcommands) {
      lines.push(`complete -c ballast -n ${fishQuote(condition)} -a ${sub.path.at(-1) ?? ""} -d ${fishQuote(sub.description)}`);
    }
  }
  const root = nodes[0];
  for (const option of root?.options ?? []) {
    lines.push(
      `complete -c ballast -l ${option.flag.replace(/^--/, "")}${option.takesValue ? " -r" : ""} -d ${fishQuote(option.description)}`,
    );
  }
  const rootFlags = new Set(root?.options.map((o) => o.flag));
  for (const node of nodes.slice(1)) {
    for (const option of node.options.filter((o) => !rootFlags.has(o.flag))) {
      lines.push(
        `complete -c ballast -n ${fishQuote(`__fish_seen_subcommand_from ${node.path.at(-1) ?? ""}`)} -l ${option.flag.replace(/^--/, "")}${option.takesValue ? " -r" : ""} -d ${fishQuote(option.description)}`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

export function completionScript(program: Command, shell: Shell): string {
  const nodes = commandTree(program);
  switch (shell) {
    case "bash":
      return bashScript(nodes);
    case "zsh":
      return zshScript(nodes);
    case "fish":
      return fishScript(nodes);
  }
}

export function registerCompletionCommands(program: Command, ctx: CliContext): void {
  program
    .command("completion")
    .description(
      offline("Print a shell completion script for bash, zsh or fish (e.g. `ballast completion bash > /etc/bash_completion.d/ballast`)"),
    )
    .argument("<shell>", "bash, zsh or fish")
    .action((shell: string) => {
      ctx.io.stdout.write(completionScript(program, parseChoice("<shell>", shell, SHELLS)));
    });
}
