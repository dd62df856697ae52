"""Detection benchmark: audit the labelled corpus as a user would and score it per rule family.

    python benchmarks/detection/run.py [--corpus DIR] [--gate-each] [--rules FILE]... [--policy FILE] [--json OUT]

The corpus (``corpus/``, labels in ``labels.yaml``; or another folder of skills given by ``--corpus``,
labelled by the ``labels.yaml`` inside it) is served over stdio by ``serve.py`` through the
embedded publisher, and ``skillscope audit --format json`` runs against it as a real process, with an
empty ledger and config in a temporary folder. Definitions, per malicious skill:

- **flagged**: at least one warning or error on the skill (for comparison with the issue's numbers);
- **caught**: at least one warning or error on the skill whose rule id no honest skill of the corpus
  draws at warning or above (what every honest skill also gets tells a reviewer nothing);
- **right reason**: a warning or error of the labelled family in the labelled file (``at line``: and
  on the labelled line). The family is the finding's ``family`` field when the report has one, else
  the middle segment of a ``skillscope/<family>/<rule>`` id;
- **stopped**: the default gate (``skillscope audit`` with ``--fail-on error``) exits non-zero when the
  skill is served alone. Without ``--gate-each`` this is read off the one audit as "the skill has an
  error finding", which is the same thing as long as the server itself draws no error (checked);
  ``--gate-each`` runs the real command once per skill and uses its exit status.

Honest skills: each one with any warning and with any error is named, with the rule ids. When a labels
file marks honest skills ``risky: true`` (the blind split does: the risky act is what the user asked for),
those are also scored on their own: honest-risky with a warning against the 1-in-14 target, honest
stopped (any error) against 0, and plain honest with a warning.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CORPUS = HERE / "corpus"
LABELS = HERE / "labels.yaml"
FAMILIES = (
    "instructions",
    "exfiltration",
    "obfuscation",
    "persistence",
    "permissions",
    "deception",
    "secrets",
    "triggers",
)
LABEL = "corpus"
TARGETS = {"right reason": 0.90, "stopped": 0.85}
"""The issue's targets, as shares of the malicious skills; honest skills: at most 1 of 14 with a warning, none with an error."""
SEVERE = ("warning", "error")


@dataclass
class Outcome:
    """What the audit said about one skill."""

    name: str
    label: dict[str, Any]
    findings: list[dict[str, Any]] = field(default_factory=list)
    stopped: bool = False

    def severe(self) -> list[dict[str, Any]]:
        return [f for f in self.findings if f["severity"] in SEVERE]


def family_of(finding: dict[str, Any]) -> str | None:
    """The finding's rule family: its own field, else the middle of ``skillscope/<family>/<rule>``."""
    if finding.get("family"):
        return str(finding["family"])
    parts = str(finding["id"]).split("/")
    return parts[1] if len(parts) == 3 and parts[0] == "skillscope" and parts[1] in FAMILIES else None


def load_labels(path: Path = LABELS) -> dict[str, dict[str, Any]]:
    """The labels file: skill name -> label, family, file, line, marker, why."""
    return dict(yaml.safe_load(path.read_text(encoding="utf-8"))["skills"])


def labels_path(corpus: Path) -> Path:
    """A corpus's labels: the first corpus keeps them beside this script, any other one in its own ``labels.yaml``."""
    return LABELS if corpus.resolve() == CORPUS else corpus / "labels.yaml"


def load_targets(path: Path = LABELS) -> dict[str, float]:
    """The shares a labels file sets as targets (a second corpus has its own), else the issue's for the first."""
    return {**TARGETS, **(yaml.safe_load(path.read_text(encoding="utf-8")).get("targets") or {})}


def corpus_dir(value: str) -> Path:
    """``--corpus``: a folder name beside this script (``corpus2``) or any path."""
    beside = HERE / value
    return beside if "/" not in value and beside.is_dir() else Path(value).resolve()


def audit_command(extra: list[str], *, only: str | None = None, corpus: Path = CORPUS) -> list[str]:
    serve = [sys.executable, str(HERE / "serve.py"), str(corpus)] + (["--only", only] if only else [])
    # The publisher speaks both eras; naming one spares a fallback handshake that a loaded machine can time out.
    return [
        sys.executable,
        "-m",
        "skillscope",
        "audit",
        "--label",
        LABEL,
        "--era",
        "modern",
        "--timeout",
        "120",
        "--format",
        "json",
        *extra,
        "--",
        *serve,
    ]


def isolated_env(tmp: str) -> dict[str, str]:
    """This process's environment with a ledger, config, data folder and home of the audit's own under ``tmp``: a
    benchmark run neither reads nor writes the user's."""
    env = {
        **os.environ,
        "SKILLSCOPE_LEDGER": f"{tmp}/ledger.jsonl",
        "XDG_CONFIG_HOME": f"{tmp}/config",
        "XDG_DATA_HOME": f"{tmp}/data",
        "HOME": f"{tmp}/home",
    }
    Path(env["HOME"]).mkdir()
    return env


def audited(extra: list[str], env: dict[str, str], *, corpus: Path) -> subprocess.CompletedProcess[str]:
    """``run_audit``, stopping the benchmark when the audit itself failed (an exit other than pass or fail)."""
    done = run_audit(extra, env, corpus=corpus)
    if done.returncode not in (0, 1):
        raise SystemExit(f"skillscope audit exited {done.returncode}:\n{done.stderr[-3000:]}")
    return done


def run_audit(
    extra: list[str], env: dict[str, str], *, only: str | None = None, fail_on: str = "never", corpus: Path = CORPUS
) -> subprocess.CompletedProcess[str]:
    # Run from the temporary home, not the checkout: `python -m` would import whatever skillscope sits in the working directory.
    return subprocess.run(
        audit_command(["--fail-on", fail_on, *extra], only=only, corpus=corpus),
        capture_output=True,
        text=True,
        env=env,
        cwd=env["HOME"],
        timeout=1800,
    )


def score(report: dict[str, Any], labels: dict[str, dict[str, Any]]) -> tuple[dict[str, Outcome], list[dict[str, Any]]]:
    """Each labelled skill's findings from one JSON report, and the server-wide findings."""
    (server,) = report["servers"]
    if server["error"]:
        raise SystemExit(f"the audit could not read the corpus: {server['error']}")
    outcomes = {name: Outcome(name, label) for name, label in labels.items()}
    unverified = [s["name"] for s in server["skills"] if not s["verified"]]
    if unverified or len(server["skills"]) != len(labels):
        raise SystemExit(
            f"the corpus did not verify: {len(server['skills'])} skills served, {len(labels)} labelled, unverified: {unverified}"
        )
    wide = []
    for finding in server["findings"]:
        name = (finding.get("skill") or "").removeprefix(f"{LABEL}:")
        if name in outcomes:
            outcomes[name].findings.append(finding)
        else:
            wide.append(finding)
    for outcome in outcomes.values():
        outcome.stopped = any(f["severity"] == "error" for f in outcome.findings)
    return outcomes, wide


def right_reason(outcome: Outcome, *, line: bool = False) -> bool:
    label = outcome.label
    return any(
        family_of(f) == label["family"]
        and str(f.get("uri") or "").endswith("/" + label["file"])
        and (not line or f.get("line") == label["line"])
        for f in outcome.severe()
    )


def summarise(outcomes: dict[str, Outcome], wide: list[dict[str, Any]]) -> dict[str, Any]:
    honest = [o for o in outcomes.values() if o.label["label"] == "honest"]
    malicious = [o for o in outcomes.values() if o.label["label"] == "malicious"]
    honest_ids = {f["id"] for o in honest for f in o.severe()}
    rows = {}
    for family in FAMILIES:
        group = [o for o in malicious if o.label["family"] == family]
        rows[family] = {
            "malicious": len(group),
            "flagged": sorted(o.name for o in group if o.severe()),
            "caught": sorted(o.name for o in group if any(f["id"] not in honest_ids for f in o.severe())),
            "right reason": sorted(o.name for o in group if right_reason(o)),
            "at line": sorted(o.name for o in group if right_reason(o, line=True)),
            "stopped": sorted(o.name for o in group if o.stopped),
        }
    return {
        "families": rows,
        "malicious": len(malicious),
        "honest": len(honest),
        "ids honest skills draw": sorted(honest_ids),
        "honest with a warning": {
            o.name: sorted({f["id"] for f in o.findings if f["severity"] == "warning"})
            for o in honest
            if any(f["severity"] == "warning" for f in o.findings)
        },
        "honest with an error": {
            o.name: sorted({f["id"] for f in o.findings if f["severity"] == "error"})
            for o in honest
            if any(f["severity"] == "error" for f in o.findings)
        },
        "honest-risky": sorted(o.name for o in honest if o.label.get("risky")),
        "server-wide warnings or errors": sorted({f["id"] for f in wide if f["severity"] in SEVERE}),
        "missed": sorted(o.name for o in malicious if not any(f["id"] not in honest_ids for f in o.severe())),
    }


def print_summary(summary: dict[str, Any], targets: dict[str, float] = TARGETS) -> None:
    columns = ("malicious", "flagged", "caught", "right reason", "at line", "stopped")
    print(f"{'family':14}" + "".join(f"{c:>14}" for c in columns))
    totals = Counter[str]()
    for family, row in summary["families"].items():
        counts = {c: row[c] if c == "malicious" else len(row[c]) for c in columns}
        totals.update(counts)
        print(f"{family:14}" + "".join(f"{counts[c]:>14}" for c in columns))
    print(f"{'total':14}" + "".join(f"{totals[c]:>14}" for c in columns))
    mal = summary["malicious"] or 1
    print()
    print(
        f"flagged       {totals['flagged']}/{summary['malicious']} ({totals['flagged'] / mal:.0%}) (any warning or error)"
    )
    print(f"caught        {totals['caught']}/{summary['malicious']} ({totals['caught'] / mal:.0%})")
    for name, target in targets.items():
        got = totals[name]
        print(
            f"{name:13} {got}/{summary['malicious']} ({got / mal:.0%}); target >= {target:.0%}: {'met' if got / mal >= target else 'NOT met'}"
        )
    warned, errored = summary["honest with a warning"], summary["honest with an error"]
    share = len(warned) / (summary["honest"] or 1)
    print(
        f"honest with a warning: {len(warned)}/{summary['honest']} ({share:.0%}); target at most 1 of 14 (7%): "
        f"{'met' if share <= 1 / 14 else 'NOT met'}"
    )
    for name, ids in warned.items():
        print(f"  {name}: {', '.join(ids)}")
    print(f"honest with an error: {len(errored)}/{summary['honest']}; target 0: {'met' if not errored else 'NOT met'}")
    for name, ids in errored.items():
        print(f"  {name}: {', '.join(ids)}")
    if summary.get("honest-risky"):
        print_risky(summary)
    if summary["ids honest skills draw"]:
        print(
            f"rule ids that do not count as caught (honest skills draw them): {', '.join(summary['ids honest skills draw'])}"
        )
    if summary["missed"]:
        print(f"missed: {', '.join(summary['missed'])}")


def print_risky(summary: dict[str, Any]) -> None:
    """Honest skills split in two: honest-but-risky (``risky: true``: the risky act is what the user asked for) and plain."""
    risky = set(summary["honest-risky"])
    warned, errored = summary["honest with a warning"], summary["honest with an error"]
    plain = summary["honest"] - len(risky)
    risky_warned = sorted(risky & set(warned))
    share = len(risky_warned) / (len(risky) or 1)
    print(
        f"honest-risky with a warning: {len(risky_warned)}/{len(risky)} ({share:.0%}); target at most 1 of 14 (7%): "
        f"{'met' if share <= 1 / 14 else 'NOT met'}"
    )
    print(f"honest-risky stopped (an error): {len(risky & set(errored))}/{len(risky)}; target 0")
    print(
        f"plain honest with a warning: {len(set(warned) - risky)}/{plain}; with an error: {len(set(errored) - risky)}/{plain}"
    )
    print(
        f"honest stopped (any error): {len(errored)}/{summary['honest']}; target 0: {'met' if not errored else 'NOT met'}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--corpus",
        type=corpus_dir,
        default=CORPUS,
        metavar="DIR",
        help="folder of skill folders with its own labels.yaml (a name beside this script, e.g. corpus2, or a path)",
    )
    parser.add_argument(
        "--gate-each", action="store_true", help="run the default gate as a real command once per skill"
    )
    parser.add_argument(
        "--rules", action="append", default=[], metavar="FILE", help="passed to skillscope audit --rules"
    )
    parser.add_argument("--policy", metavar="FILE", help="passed to skillscope audit --policy")
    parser.add_argument("--json", type=Path, metavar="OUT", help="also write the scores as JSON")
    args = parser.parse_args(argv)
    extra = [opt for path in args.rules for opt in ("--rules", str(Path(path).resolve()))]
    extra += ["--policy", str(Path(args.policy).resolve())] if args.policy else []
    if not labels_path(args.corpus).is_file():
        parser.error(f"no labels for {args.corpus}: expected {labels_path(args.corpus)}")
    labels = load_labels(labels_path(args.corpus))
    with tempfile.TemporaryDirectory(prefix="skillscope-detection-") as tmp:
        env = isolated_env(tmp)
        done = audited(extra, env, corpus=args.corpus)
        outcomes, wide = score(json.loads(done.stdout), labels)
        if any(f["severity"] == "error" for f in wide):
            raise SystemExit(
                "the server itself draws an error: per-skill gate results cannot be read off one audit; use --gate-each"
            )
        if args.gate_each:
            for count, (name, outcome) in enumerate(outcomes.items(), 1):
                print(f"gate {count}/{len(outcomes)}: {name}", file=sys.stderr, flush=True)
                alone = run_audit(extra, env, only=name, fail_on="error", corpus=args.corpus)
                if alone.returncode not in (0, 1):
                    raise SystemExit(f"skillscope audit of {name} exited {alone.returncode}:\n{alone.stderr[-3000:]}")
                if (alone.returncode == 1) != outcome.stopped:
                    print(
                        f"note: {name}: the gate alone says {'stopped' if alone.returncode else 'passed'}",
                        file=sys.stderr,
                    )
                outcome.stopped = alone.returncode == 1
    summary = summarise(outcomes, wide)
    print_summary(summary, load_targets(labels_path(args.corpus)))
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
