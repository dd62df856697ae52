FLY ?= flyctl
APP ?=

.PHONY: check deploy status

check:
	@test -n "$(APP)" || { echo "set APP=name"; exit 1; }
	@grep -Eq '^app *= *"$(APP)"' fly.toml || { echo "fly.toml is not for $(APP)"; exit 1; }

deploy: check
	$(FLY) deploy --app $(APP) --remote-only
	$(FLY) status --app $(APP)

status:
	$(FLY) status --app $(APP)
