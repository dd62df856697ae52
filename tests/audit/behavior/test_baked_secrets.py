"""A build that copies its whole property set or environment into what it ships publishes every secret the machine
hands a build: Gradle's project properties (``~/.gradle/gradle.properties`` passwords, ``-P`` flags) into a packaged
resource, ``process.env`` into a bundle. Twins: named keys, an allow-list filter, Gradle's ``expand``, one variable."""

from __future__ import annotations

from tests.audit.behavior.helpers import errors, loud

TOKEN = "skillscope/secrets/token"

KTS = """import java.util.Properties

val infoDir = layout.buildDirectory.dir("generated/about")

val writeAbout by tasks.registering {
    outputs.dir(infoDir)
    doLast {
        val p = Properties()
        p["about.version"] = project.version.toString()
        COPY
        infoDir.get().file("about.properties").asFile.outputStream().use { p.store(it, null) }
    }
}

the<SourceSetContainer>()["main"].resources.srcDir(writeAbout)
"""

GROOVY = """task aboutFile {
    doLast {
        def out = file("$buildDir/resources/main/about.txt")
        out.parentFile.mkdirs()
        COPY
    }
}
processResources.dependsOn aboutFile
"""


def test_every_project_property_copied_into_a_packaged_resource_is_an_error():
    copy = (
        'project.properties.filterKeys { !it.startsWith("org.gradle") }.forEach { (k, v) -> p["p.$k"] = v.toString() }'
    )
    assert (TOKEN, 10) in errors({"about.gradle.kts": KTS.replace("COPY", copy)})


def test_the_whole_environment_put_into_the_resource_is_an_error():
    assert (TOKEN, 10) in errors({"about.gradle.kts": KTS.replace("COPY", "p.putAll(System.getenv())")})


def test_groovy_walking_the_properties_into_a_resource_is_an_error():
    copy = 'properties.each { k, v -> out << "$k=$v\\n" }'
    assert (TOKEN, 5) in errors({"build.gradle": GROOVY.replace("COPY", copy)})


def test_named_properties_and_an_allow_list_filter_are_quiet():
    for copy in (
        'p["about.group"] = project.group.toString()',
        'project.properties.filterKeys { it.startsWith("about.") }.forEach { (k, v) -> p[k] = v.toString() }',
        'p["about.sign"] = (findProperty("about.flavour") ?: "plain").toString()',
    ):
        assert loud({"about.gradle.kts": KTS.replace("COPY", copy)}) == [], copy


def test_expand_fills_only_the_placeholders_a_resource_spells():
    text = """processResources {
    filesMatching("plugin.yml") {
        expand(project.properties)
    }
}
"""
    assert loud({"build.gradle": text}) == []


def test_a_script_walking_its_own_properties_file_is_quiet():
    text = GROOVY.replace(
        "COPY", 'def properties = new Properties()\n        properties.each { k, v -> out << "$k=$v\\n" }'
    )
    assert loud({"build.gradle": text}) == []


WEBPACK = """const webpack = require("webpack");

module.exports = {
  entry: "./src/index.js",
  plugins: [
    new webpack.DefinePlugin({
      DEFINE,
    }),
  ],
};
"""


def test_the_whole_environment_defined_into_a_bundle_is_an_error():
    files = {"webpack.config.js": WEBPACK.replace("DEFINE", '"process.env": JSON.stringify(process.env)')}
    assert (TOKEN, 7) in errors(files)


def test_one_named_variable_defined_into_the_bundle_is_quiet():
    files = {
        "webpack.config.js": WEBPACK.replace("DEFINE", '"process.env.NODE_ENV": JSON.stringify(process.env.NODE_ENV)')
    }
    assert loud(files) == []


def test_vite_spreading_the_environment_into_define_is_an_error_and_a_version_is_not():
    vite = 'import { defineConfig } from "vite";\n\nexport default defineConfig({\n  define: DEFINE,\n});\n'
    assert (TOKEN, 4) in errors({"vite.config.ts": vite.replace("DEFINE", "{ ...process.env }")})
    quiet = vite.replace("DEFINE", '{ __APP_VERSION__: JSON.stringify("1.2.0") }')
    assert loud({"vite.config.ts": quiet}) == []
