"use strict";
// Licence policies: which SPDX ids fail a release check.
const POLICIES = {
  default: ["AGPL-1.0", "AGPL-3.0", "AGPL-3.0-only", "AGPL-3.0-or-later", "SSPL-1.0", "UNKNOWN"],
  strict: [
    "AGPL-1.0", "AGPL-3.0", "AGPL-3.0-only", "AGPL-3.0-or-later", "SSPL-1.0", "UNKNOWN",
    "GPL-2.0", "GPL-2.0-only", "GPL-2.0-or-later", "GPL-3.0", "GPL-3.0-only", "GPL-3.0-or-later",
    "LGPL-2.1", "LGPL-2.1-only", "LGPL-2.1-or-later", "LGPL-3.0", "LGPL-3.0-only", "LGPL-3.0-or-later",
  ],
};

function violates(ids, policy) {
  const denied = new Set(POLICIES[policy] || POLICIES.default);
  // an OR expression passes if any branch is allowed
  return ids.length > 0 && ids.every((id) => denied.has(id));
}

module.exports = { POLICIES, violates };
