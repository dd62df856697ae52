"""Bad input is bounded: compressed answers are capped after decoding; encodings not offered are refused."""

from __future__ import annotations

import pytest

from tests.fixtures.hostile_http import decompression_bomb

from .conftest import run_cli


@pytest.mark.parametrize("encoding", ["gzip", "deflate"])
def test_a_compressed_answer_is_capped_by_its_decoded_size(http_server, encoding):
    url = http_server("samples", rewrite=decompression_bomb("skills/list", 80 * 1024 * 1024, encoding))
    done = run_cli("list", url)
    assert done.code == 3, done.err
    assert "larger than 67,108,864 bytes" in done.err and "Traceback" not in done.err


@pytest.mark.parametrize("encoding", ["gzip", "deflate"])
def test_an_honest_compressed_answer_still_lists(http_server, encoding):
    url = http_server("samples", rewrite=decompression_bomb("skills/list", 2 * 1024 * 1024, encoding))
    done = run_cli("list", "--json", url)
    assert done.code == 0, done.err
    assert len(done.json()["skills"]) == 4


def test_an_encoding_that_was_not_offered_is_refused(http_server):
    def brotli_claim(method, status, headers, body):
        if method != "skills/list":
            return None
        return status, [*headers, (b"content-encoding", b"br")], body

    done = run_cli("list", http_server("samples", rewrite=brotli_claim))
    assert done.code == 3 and "'br', which was not offered" in done.err
