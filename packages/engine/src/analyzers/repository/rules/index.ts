import { branchProtectionReviews } from "./branch-protection-reviews.ts";
import { forcePushesAllowed } from "./force-pushes-allowed.ts";
import { outsideCollaboratorWriteAccess } from "./outside-collaborator-write-access.ts";
import { pushProtectionDisabled } from "./push-protection-disabled.ts";
import { secretScanningDisabled } from "./secret-scanning-disabled.ts";
import { staleReviewsNotDismissed } from "./stale-reviews-not-dismissed.ts";
import { statusChecksNotRequired } from "./status-checks-not-required.ts";
import { tooManyAdmins } from "./too-many-admins.ts";
import { twoFactorNotRequired } from "./two-factor-not-required.ts";
import { unprotectedDefaultBranch } from "./unprotected-default-branch.ts";
import { vulnerabilityAlertsDisabled } from "./vulnerability-alerts-disabled.ts";

export const repositoryRules = [
  unprotectedDefaultBranch,
  branchProtectionReviews,
  staleReviewsNotDismissed,
  statusChecksNotRequired,
  forcePushesAllowed,
  secretScanningDisabled,
  pushProtectionDisabled,
  vulnerabilityAlertsDisabled,
  tooManyAdmins,
  outsideCollaboratorWriteAccess,
  twoFactorNotRequired,
];
