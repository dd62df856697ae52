"""A requests session with retries, back-off and sane timeouts."""

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry


class RetryClient(requests.Session):
    def __init__(self, attempts: int = 5, backoff: float = 0.5, timeout=(5, 30)):
        super().__init__()
        self.timeout = timeout
        retry = Retry(
            total=attempts,
            backoff_factor=backoff,
            status_forcelist=(429, 502, 503, 504),
            allowed_methods=None,
            respect_retry_after_header=True,
        )
        adapter = HTTPAdapter(max_retries=retry)
        self.mount("https://", adapter)
        self.mount("http://", adapter)

    def request(self, method, url, **kwargs):
        kwargs.setdefault("timeout", self.timeout)
        return super().request(method, url, **kwargs)
