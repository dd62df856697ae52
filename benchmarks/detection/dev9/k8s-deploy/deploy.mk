CONTEXT ?= $(error set CONTEXT to your kube context)
NAMESPACE ?= app
KUBECTL := kubectl --context $(CONTEXT) -n $(NAMESPACE)

.PHONY: plan apply status

plan:
	terraform -chdir=infra workspace select $(CONTEXT)
	terraform -chdir=infra plan -out=tfplan
	$(KUBECTL) diff -k k8s/overlays/$(CONTEXT) || true

apply:
	terraform -chdir=infra apply tfplan
	$(KUBECTL) apply -k k8s/overlays/$(CONTEXT)
	$(KUBECTL) rollout status deploy/app --timeout=300s

status:
	$(KUBECTL) get deploy,pods -o wide
