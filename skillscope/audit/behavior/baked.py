"""A build that bakes every secret it can see into what it ships.

A build's whole set of properties or its whole environment holds the secrets the machine gives every build: Gradle's
``project.properties`` takes in ``~/.gradle/gradle.properties`` (signing and repository passwords) and every ``-P``
flag, and ``process.env`` holds every token of the shell that runs the bundler. Copying the whole set into a resource
the build packages (a jar's ``build-info.properties``) or into a bundle (webpack's ``DefinePlugin``, Vite's ``define``)
publishes each secret with the artifact. Naming the keys that go in (``project.version``,
``process.env.NODE_ENV``), keeping only keys that start with a given prefix, and Gradle's ``expand(project.properties)``
(which fills only the placeholders a resource spells) are what builds do, and stay quiet.
"""

from __future__ import annotations

import re

from skillscope.audit.behavior.base import Ctx

__all__ = ["scan_baked"]

_GRADLE = re.compile(r"(?:\.gradle(?:\.kts)?|\.main\.kts)$", re.IGNORECASE)
_BUNDLER = re.compile(
    r"(?:^|/)(?:webpack|vite|rollup|rspack|next|nuxt|astro|svelte|esbuild|tsup|vue)\.config\.[cm]?[jt]s$|"
    r"(?:^|/)(?:build|bundle)\.[cm]?[jt]s$",
    re.IGNORECASE,
)

# The whole set, walked or copied: project.properties.forEach { }, props.putAll(System.getenv()),
# System.getProperties().each { }, properties.filter { ... }.
_WHOLE = r"(?:project\.properties|(?<![\w.])properties|System\.getenv\(\s*\)|System\.getProperties\(\s*\)|gradle\.startParameter\.projectProperties)"
_GRADLE_WHOLE = re.compile(
    rf"{_WHOLE}\s*\.\s*(?:forEach|each|eachWithIndex|filter|filterKeys|filterValues|findAll|entries|collect|map|"
    rf"toSortedMap|toMap|toProperties)\b|(?:\bputAll\s*\(|\bplus\s*\(|\+=)\s*{_WHOLE}(?!\s*[\[.(])"
)
_OWN_PROPERTIES = re.compile(r"\b(?:val|var|def)\s+properties\b")
"""A script's own variable named ``properties`` (a file it loads): the bare name is then not the project's."""
_GRADLE_PACKAGES = re.compile(
    r"\.store\s*\(|\bwriteText\s*\(|\bwriter\s*\(|\bresources\b|\bprocessResources\b|\bsrcDir\s*\(|\bfrom\s*\(|"
    r"\bmanifest\s*\{|\battributes\s*\("
)
_ALLOW_LIST = re.compile(r"(!?)[\w.$()]+\.(?:startsWith|startswith)\s*\(|(!?)\bin\s+(?:setOf|listOf|arrayOf)\s*\(")
"""A filter that keeps only the keys it names (``k.startsWith("build.")``, ``k in setOf(...)``), not one that drops a
few (``!k.startsWith("org.gradle")``)."""


def _allow_listed(line: str) -> bool:
    return any(not (m.group(1) or m.group(2)) for m in _ALLOW_LIST.finditer(line))


_BUNDLE_WHOLE = re.compile(
    r"[\"']process\.env[\"']\s*:\s*(?:JSON\.stringify\s*\(\s*)?(?:process\.env|env)\s*[),}\n]|"
    r"\bDefinePlugin\s*\(\s*\{?\s*(?:\.\.\.)?\s*(?:process\.env|JSON\.stringify\s*\(\s*process\.env\s*\))|"
    r"\bdefine\s*:\s*\{\s*\.\.\.\s*process\.env\b"
)


def scan_baked(ctx: Ctx) -> None:
    """Gradle build scripts and bundler configs that copy the whole property set or environment into the artifact."""
    path = ctx.path
    if _GRADLE.search(path):
        _gradle(ctx)
    elif _BUNDLER.search(path):
        _bundle(ctx)


def _gradle(ctx: Ctx) -> None:
    if not _GRADLE_PACKAGES.search(ctx.text):
        return
    for found in _GRADLE_WHOLE.finditer(ctx.text):
        start = ctx.text.rfind("\n", 0, found.start()) + 1
        end = ctx.text.find("\n", found.end())
        end = len(ctx.text) if end < 0 else end
        line = ctx.text[start:end]
        if line.lstrip().startswith(("//", "*", "/*")) or _allow_listed(line):
            continue
        if "properties" in found.group(0) and "project." not in found.group(0) and _OWN_PROPERTIES.search(ctx.text):
            continue
        what = (
            "system property"
            if "getProperties" in found.group(0)
            else ("environment variable" if "getenv" in found.group(0) else "Gradle project property")
        )
        ctx.add(
            "skillscope/secrets/token",
            f"copies every {what} (line {ctx.line(found.start())}) into output the build packages: the passwords and "
            "tokens from ~/.gradle/gradle.properties, -P flags and the environment ship with the artifact",
            found.start(),
            found.end(),
            "error",
        )
        return


def _bundle(ctx: Ctx) -> None:
    for found in _BUNDLE_WHOLE.finditer(ctx.text):
        start = ctx.text.rfind("\n", 0, found.start()) + 1
        if ctx.text[start : found.start()].lstrip().startswith(("//", "*", "/*")):
            continue
        ctx.add(
            "skillscope/secrets/token",
            f"puts the whole environment into the bundle (line {ctx.line(found.start())}): every token of the shell "
            "that builds it is readable in the shipped JavaScript",
            found.start(),
            found.end(),
            "error",
        )
        return
