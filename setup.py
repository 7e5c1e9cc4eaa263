"""Build step for the optional C search (everything else is in pyproject.toml).

``solver._native`` is marked optional: without a C compiler the build
warns and sumlogic installs as pure Python (see solver/native.py).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("solver._native", ["solver/_native.c"], optional=True,
                             extra_compile_args=["-O2"])])
