"""A plain-http target skips the CA store, and its client still refuses any TLS peer (fails closed)."""

from __future__ import annotations

import ssl

from skillscope.protocol.transport import TransportStats, capped_http_client


def _context(client) -> ssl.SSLContext:
    return client._transport._inner._pool._ssl_context


def test_an_http_target_trusts_no_certificate_authority():
    context = _context(capped_http_client({}, TransportStats(), 5, tls=False))
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname
    assert context.cert_store_stats()["x509_ca"] == 0, "nothing to trust: a TLS handshake would fail verification"


def test_an_https_target_still_verifies_against_the_ca_store():
    context = _context(capped_http_client({}, TransportStats(), 5))
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname
    assert context.cert_store_stats()["x509_ca"] > 0
