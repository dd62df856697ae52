-include deploy.env
DEPLOY_PATH ?= /var/www/site
BUILD_DIR   ?= dist

.PHONY: build deploy check

check:
	@test -n "$(DEPLOY_HOST)" || (echo "set DEPLOY_HOST in deploy.env" && exit 1)

build:
	npm run build

deploy: check build
	rsync -az --delete $(BUILD_DIR)/ $(DEPLOY_HOST):$(DEPLOY_PATH)/
	ssh $(DEPLOY_HOST) 'sudo systemctl reload nginx'
