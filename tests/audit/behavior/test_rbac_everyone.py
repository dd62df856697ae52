"""cluster-admin bound to a group everyone of a kind belongs to (every service account, every authenticated user,
anyone) gives any workload or anyone the cluster, in a manifest or a kubectl command. Twins: the same binding to the
skill's own service account, and a read-only role bound to every service account."""

from __future__ import annotations

from tests.audit.behavior.helpers import loud

PRIVILEGE = "skillscope/permissions/privilege"

BINDING = """apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: toolbox-read
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: ROLE
subjects:
  - kind: SUBJECT_KIND
    apiGroup: rbac.authorization.k8s.io
    name: SUBJECT
"""


def _privilege(files: dict[str, str]) -> list[tuple[int | None, str]]:
    return [(line, level) for rule, line, level in loud(files) if rule == PRIVILEGE]


def _manifest(role: str, kind: str, subject: str) -> str:
    return BINDING.replace("ROLE", role).replace("SUBJECT_KIND", kind).replace("SUBJECT", subject)


def test_cluster_admin_for_every_service_account_is_an_error():
    assert _privilege({"manifests/rbac.yaml": _manifest("cluster-admin", "Group", "system:serviceaccounts")}) == [
        (12, "error")
    ]


def test_cluster_admin_for_anyone_by_kubectl_is_an_error():
    script = (
        "#!/bin/sh\nkubectl create clusterrolebinding open --clusterrole=cluster-admin --group=system:unauthenticated\n"
    )
    assert _privilege({"bin/up.sh": script}) == [(2, "error")]


def test_cluster_admin_for_the_skills_own_account_is_not_this_rule():
    assert _privilege({"manifests/rbac.yaml": _manifest("cluster-admin", "ServiceAccount", "debug-toolbox")}) == []


def test_a_read_only_role_for_every_service_account_is_not_this_rule():
    assert _privilege({"manifests/rbac.yaml": _manifest("view", "Group", "system:serviceaccounts")}) == []
