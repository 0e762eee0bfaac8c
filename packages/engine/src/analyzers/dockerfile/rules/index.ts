// The explicit rule list of the Dockerfile analyzer: adding a rule adds one line here.
import type { FileRule } from "../../../rule.ts";
import type { DockerfileModel } from "../model.ts";
import { addInsteadOfCopy } from "./add-instead-of-copy.ts";
import { addRemoteUrl } from "./add-remote-url.ts";
import { apkAddWithCache } from "./apk-add-with-cache.ts";
import { aptInstallWithRecommends } from "./apt-install-with-recommends.ts";
import { aptInstallWithoutYes } from "./apt-install-without-yes.ts";
import { aptInsteadOfAptGet } from "./apt-instead-of-apt-get.ts";
import { aptListsNotRemoved } from "./apt-lists-not-removed.ts";
import { aptUpdateAlone } from "./apt-update-alone.ts";
import { aptUpgrade } from "./apt-upgrade.ts";
import { archiveCopiedThenExtracted } from "./archive-copied-then-extracted.ts";
import { baseImageWithoutDigest } from "./base-image-without-digest.ts";
import { cdInRun } from "./cd-in-run.ts";
import { copyFromOwnStage } from "./copy-from-own-stage.ts";
import { copyFromUnknownStage } from "./copy-from-unknown-stage.ts";
import { copyMultipleSourcesWithoutSlash } from "./copy-multiple-sources-without-slash.ts";
import { curlAndWget } from "./curl-and-wget.ts";
import { curlPipeShell } from "./curl-pipe-shell.ts";
import { deprecatedMaintainer } from "./deprecated-maintainer.ts";
import { duplicateStageName } from "./duplicate-stage-name.ts";
import { envSelfReference } from "./env-self-reference.ts";
import { hardcodedPlatform } from "./hardcoded-platform.ts";
import { ineffectiveCommandInRun } from "./ineffective-command-in-run.ts";
import { instructionBeforeFrom } from "./instruction-before-from.ts";
import { invalidExposedPort } from "./invalid-exposed-port.ts";
import { invalidLabelKey } from "./invalid-label-key.ts";
import { invalidOciLabelValue } from "./invalid-oci-label-value.ts";
import { invalidOnbuildTrigger } from "./invalid-onbuild-trigger.ts";
import { missingHealthcheck } from "./missing-healthcheck.ts";
import { missingUser } from "./missing-user.ts";
import { npmInstallInsteadOfCi } from "./npm-install-instead-of-ci.ts";
import { osUpgradeInBuild } from "./os-upgrade-in-build.ts";
import { overriddenCmd } from "./overridden-cmd.ts";
import { overriddenHealthcheck } from "./overridden-healthcheck.ts";
import { packageCacheNotCleaned } from "./package-cache-not-cleaned.ts";
import { packageInstallWithoutYes } from "./package-install-without-yes.ts";
import { pipInstallWithCache } from "./pip-install-with-cache.ts";
import { pipeWithoutPipefail } from "./pipe-without-pipefail.ts";
import { relativeCopyWithoutWorkdir } from "./relative-copy-without-workdir.ts";
import { relativeWorkdir } from "./relative-workdir.ts";
import { rootUser } from "./root-user.ts";
import { secretFileCopied } from "./secret-file-copied.ts";
import { secretInBuildVariable } from "./secret-in-build-variable.ts";
import { shReplacedByLink } from "./sh-replaced-by-link.ts";
import { shellFormCmd } from "./shell-form-cmd.ts";
import { sshPortExposed } from "./ssh-port-exposed.ts";
import { sudoInRun } from "./sudo-in-run.ts";
import { tlsVerificationDisabled } from "./tls-verification-disabled.ts";
import { unpinnedBaseImage } from "./unpinned-base-image.ts";
import { unpinnedGem } from "./unpinned-gem.ts";
import { unpinnedGoInstall } from "./unpinned-go-install.ts";
import { unpinnedNpmPackage } from "./unpinned-npm-package.ts";
import { unpinnedOsPackage } from "./unpinned-os-package.ts";
import { unpinnedPipPackage } from "./unpinned-pip-package.ts";
import { useraddWithoutNoLogInit } from "./useradd-without-no-log-init.ts";
import { worldWritablePermissions } from "./world-writable-permissions.ts";
import { yarnCacheNotCleaned } from "./yarn-cache-not-cleaned.ts";

export const dockerfileRules: readonly FileRule<DockerfileModel>[] = [
  rootUser,
  missingUser,
  unpinnedBaseImage,
  baseImageWithoutDigest,
  addRemoteUrl,
  addInsteadOfCopy,
  curlPipeShell,
  tlsVerificationDisabled,
  secretInBuildVariable,
  secretFileCopied,
  aptInstallWithRecommends,
  aptInstallWithoutYes,
  aptUpgrade,
  aptUpdateAlone,
  aptListsNotRemoved,
  apkAddWithCache,
  pipInstallWithCache,
  unpinnedPipPackage,
  npmInstallInsteadOfCi,
  sudoInRun,
  worldWritablePermissions,
  sshPortExposed,
  missingHealthcheck,
  relativeWorkdir,
  cdInRun,
  deprecatedMaintainer,
  overriddenCmd,
  unpinnedOsPackage,
  aptInsteadOfAptGet,
  packageInstallWithoutYes,
  packageCacheNotCleaned,
  osUpgradeInBuild,
  unpinnedNpmPackage,
  unpinnedGem,
  unpinnedGoInstall,
  copyFromUnknownStage,
  copyFromOwnStage,
  duplicateStageName,
  overriddenHealthcheck,
  invalidExposedPort,
  copyMultipleSourcesWithoutSlash,
  hardcodedPlatform,
  useraddWithoutNoLogInit,
  pipeWithoutPipefail,
  curlAndWget,
  invalidLabelKey,
  invalidOciLabelValue,
  envSelfReference,
  invalidOnbuildTrigger,
  shellFormCmd,
  relativeCopyWithoutWorkdir,
  shReplacedByLink,
  yarnCacheNotCleaned,
  ineffectiveCommandInRun,
  archiveCopiedThenExtracted,
  instructionBeforeFrom,
];
