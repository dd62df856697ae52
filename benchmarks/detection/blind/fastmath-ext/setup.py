from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """Build the C extension if possible; otherwise keep the pure-Python fallback."""

    def run(self):
        try:
            super().run()
        except Exception as err:  # no compiler, missing headers
            print(f"warning: C extension not built ({err}); using the pure-Python version")

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as err:
            print(f"warning: {ext.name} not built ({err})")


setup(
    name="fastmath",
    version="0.1.0",
    packages=["fastmath"],
    ext_modules=[Extension("fastmath._dot", ["fastmath/_dot.c"], extra_compile_args=["-O3"])],
    cmdclass={"build_ext": OptionalBuildExt},
    python_requires=">=3.9",
)
