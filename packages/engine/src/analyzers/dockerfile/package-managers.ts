// What the Dockerfile rules know about operating-system package managers, as data: which programs
// they are, which verbs install, which options answer prompts, how a package names its version and
// how the cache is emptied. Rules read this catalogue instead of growing one if-ladder per tool.
import type { Command, Instruction, Word } from "./model.ts";

export interface OsPackageManager {
  /** The name used in messages (`dnf`). */
  name: string;
  /** Program base names (`apt-get`, `apt`; `yum`; `dnf`, `dnf5`). */
  programs: readonly string[];
  /** Verbs that install named packages. */
  installVerbs: readonly string[];
  /** Verbs that upgrade every installed package when given no package. */
  upgradeVerbs: readonly string[];
  /** Options that take the next word as their value (`--virtual .deps`, `-t bookworm`). */
  valueOptions: readonly string[];
  /** Options that answer the confirmation prompt; empty when the tool never prompts. */
  yesOptions: readonly string[];
  /** Whether a package operand names a version (`curl=8.5.0-r0`, `httpd-2.4.57`). */
  pinned: (operand: string) => boolean;
  /**
   * Whether the tool has `module install name[:stream]` (yum, dnf: modularity). A module without a
   * stream installs the default stream, which moves with the distribution.
   */
  modules: boolean;
  /** Commands (verb words after the program) that empty the download cache, e.g. `clean all`. */
  cleanVerbs: readonly (readonly string[])[];
  /** Cache directories: an `rm` of one of them, or a cache mount on it, counts as cleaning. */
  cacheDirs: readonly string[];
  /**
   * A configuration file that makes the tool empty its download cache after every install, as the
   * base images ship it; null when there is none. Only once a RUN removes it does the cache stay.
   */
  selfCleaningConfig: string | null;
}

/** `name=version` and comparison forms (`name>=1.2`, apk's `name~1.2`). */
const EQUALS_OR_COMPARISON = (operand: string) => /[=<>~]/.test(operand);
/** RPM `name-version[-release]`: a dash followed by a digit (`httpd-2.4.57-5.el9`). */
const RPM_VERSION = (operand: string) => /-\d/.test(operand) || /[=<>]/.test(operand);

const RPM_VALUE_OPTIONS = [
  "-x",
  "--exclude",
  "--enablerepo",
  "--disablerepo",
  "--repo",
  "--repofrompath",
  "--installroot",
  "--releasever",
  "--setopt",
  "-c",
  "--config",
  "--forcearch",
];

export const OS_PACKAGE_MANAGERS: readonly OsPackageManager[] = [
  {
    name: "apt-get",
    programs: ["apt-get", "apt"],
    installVerbs: ["install"],
    upgradeVerbs: ["upgrade", "dist-upgrade", "full-upgrade"],
    valueOptions: ["-o", "--option", "-c", "--config-file", "-t", "--target-release"],
    yesOptions: ["-y", "--yes", "--assume-yes"],
    pinned: (operand) => operand.includes("="),
    modules: false,
    cleanVerbs: [["clean"]],
    // downloaded .deb files and the package cache; the lists under /var/lib/apt have their own rule
    cacheDirs: ["/var/cache/apt"],
    // Docker's Debian and Ubuntu images delete downloaded packages after each dpkg run through it
    selfCleaningConfig: "/etc/apt/apt.conf.d/docker-clean",
  },
  {
    name: "apk",
    programs: ["apk"],
    installVerbs: ["add"],
    upgradeVerbs: ["upgrade"],
    valueOptions: [
      "-t",
      "--virtual",
      "-X",
      "--repository",
      "-p",
      "--root",
      "--arch",
      "--repositories-file",
      "--keys-dir",
      "--cache-dir",
    ],
    yesOptions: [],
    pinned: EQUALS_OR_COMPARISON,
    modules: false,
    cleanVerbs: [["cache", "clean"]],
    cacheDirs: ["/var/cache/apk"],
    selfCleaningConfig: null,
  },
  {
    name: "yum",
    programs: ["yum"],
    installVerbs: ["install", "groupinstall", "localinstall", "reinstall"],
    upgradeVerbs: ["upgrade", "update", "distro-sync", "upgrade-minimal", "update-minimal"],
    valueOptions: RPM_VALUE_OPTIONS,
    yesOptions: ["-y", "--assumeyes"],
    pinned: RPM_VERSION,
    modules: true,
    cleanVerbs: [["clean", "all"]],
    cacheDirs: ["/var/cache/yum", "/var/cache/dnf"],
    selfCleaningConfig: null,
  },
  {
    name: "dnf",
    programs: ["dnf", "dnf5", "dnf-3", "tdnf"],
    installVerbs: ["install", "groupinstall", "localinstall", "reinstall"],
    upgradeVerbs: ["upgrade", "update", "distro-sync", "upgrade-minimal", "update-minimal"],
    valueOptions: RPM_VALUE_OPTIONS,
    yesOptions: ["-y", "--assumeyes"],
    pinned: RPM_VERSION,
    modules: true,
    cleanVerbs: [["clean", "all"]],
    cacheDirs: ["/var/cache/dnf", "/var/cache/yum", "/var/cache/tdnf"],
    selfCleaningConfig: null,
  },
  {
    // microdnf prompts where it is the dnf5 front end (Fedora 39+, UBI 10); -y is harmless elsewhere
    name: "microdnf",
    programs: ["microdnf"],
    installVerbs: ["install", "reinstall"],
    upgradeVerbs: ["upgrade", "update", "distro-sync"],
    valueOptions: RPM_VALUE_OPTIONS,
    yesOptions: ["-y", "--assumeyes"],
    pinned: RPM_VERSION,
    modules: true,
    cleanVerbs: [["clean", "all"]],
    cacheDirs: ["/var/cache/yum", "/var/cache/dnf"],
    selfCleaningConfig: null,
  },
  {
    name: "zypper",
    programs: ["zypper"],
    installVerbs: ["install", "in"],
    upgradeVerbs: ["dist-upgrade", "dup", "update", "up", "patch"],
    valueOptions: [
      "-r",
      "--repo",
      "--from",
      "-t",
      "--type",
      "-R",
      "--root",
      "--releasever",
      "-c",
      "--config",
    ],
    yesOptions: ["-n", "--non-interactive", "-y", "--no-confirm"],
    pinned: EQUALS_OR_COMPARISON,
    modules: false,
    cleanVerbs: [["clean"], ["cc"]],
    cacheDirs: ["/var/cache/zypp"],
    selfCleaningConfig: null,
  },
];

/** The package manager a command runs, or null. */
export function osPackageManager(command: Command): OsPackageManager | null {
  return OS_PACKAGE_MANAGERS.find((manager) => manager.programs.includes(command.program)) ?? null;
}

/** A package manager invocation split into its verb and the words after it. */
export interface PackageInvocation {
  manager: OsPackageManager;
  command: Command;
  /** The verb word (`install`), null when the command has none. */
  verb: Word | null;
  /** Non-option words after the verb, the values of value-taking options skipped. */
  operands: Word[];
  /** True for `dnf module install x`: the verb is the module's `install`, operands are modules. */
  module: boolean;
}

/** Splits a package manager command; null when the command is not one. */
export function packageInvocation(command: Command): PackageInvocation | null {
  const manager = osPackageManager(command);
  if (!manager) return null;
  let verb: Word | null = null;
  const operands: Word[] = [];
  for (let i = 0; i < command.args.length; i++) {
    const word = command.args[i]!;
    if (word.text.startsWith("-")) {
      if (manager.valueOptions.includes(word.text)) i++;
      continue;
    }
    if (/^[0-9]*[<>]/.test(word.text)) break; // a redirection ends the command's own words
    if (verb === null) verb = word;
    else operands.push(word);
  }
  // `dnf module install tomcat`: judged as an install of modules; other module verbs stay `module`
  const moduleVerb = manager.modules && verb?.text === "module" ? operands[0] : undefined;
  if (moduleVerb && manager.installVerbs.includes(moduleVerb.text)) {
    return { manager, command, verb: moduleVerb, operands: operands.slice(1), module: true };
  }
  return { manager, command, verb, operands, module: false };
}

/** Whether an option of `options` appears, alone, as `--opt=value`, or in a short cluster (`-qy`). */
export function hasAnyOption(command: Command, options: readonly string[]): boolean {
  const shortLetters = options.filter((o) => /^-[a-zA-Z]$/.test(o)).map((o) => o[1]!);
  return command.args.some((word) => {
    const text = word.text;
    if (options.includes(text) || options.some((o) => o.startsWith("--") && text.startsWith(`${o}=`)))
      return true;
    return /^-[a-zA-Z]{2,}$/.test(text) && [...text.slice(1)].some((c) => shortLetters.includes(c));
  });
}

/** Whether an operand names a package: not a variable, a path, a URL, a glob, a group or a package file. */
export function isPackageName(operand: string): boolean {
  return !/[$`/\\*?]|\.(?:deb|apk|rpm)$|:\/\//.test(operand) && !operand.startsWith("@");
}

/** Whether a RUN mounts a cache (BuildKit `--mount=type=cache`) on one of `dirs`. */
export function mountsCacheOn(run: Instruction, dirs: readonly string[]): boolean {
  return run.flags.some(
    (flag) =>
      flag.name === "mount" &&
      /(?:^|,)type=cache(?:,|$)/.test(flag.value ?? "") &&
      dirs.some((dir) =>
        new RegExp(`(?:^|,)(?:target|dst|destination)=${dir}(?:/|,|$)`).test(flag.value ?? ""),
      ),
  );
}

/** Whether the RUN removes one of `dirs` (`rm -rf /var/cache/dnf`, `rm -rf /var/cache/yum/*`). */
export function removesAnyOf(run: Instruction, dirs: readonly string[]): boolean {
  return run.commands.some(
    (c) => c.program === "rm" && c.args.some((word) => dirs.some((dir) => word.text.startsWith(dir))),
  );
}
