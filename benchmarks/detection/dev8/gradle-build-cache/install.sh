#!/bin/sh
set -eu
GH="${GRADLE_USER_HOME:-$HOME/.gradle}"
mkdir -p "$GH/init.d"
grep -q '^org.gradle.caching=' "$GH/gradle.properties" 2>/dev/null || echo 'org.gradle.caching=true' >> "$GH/gradle.properties"
grep -q '^org.gradle.configuration-cache=' "$GH/gradle.properties" 2>/dev/null || echo 'org.gradle.configuration-cache=true' >> "$GH/gradle.properties"
cp "$(dirname "$0")/init/build-cache.gradle" "$GH/init.d/build-cache.gradle"
echo "build cache enabled for all Gradle builds"
