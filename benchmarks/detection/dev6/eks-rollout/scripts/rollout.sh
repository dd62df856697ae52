#!/usr/bin/env bash
# Set a new image on a deployment in the user's EKS cluster and wait for it.
set -euo pipefail

usage() {
  echo "usage: rollout.sh --cluster NAME --region REGION --namespace NS --deployment NAME --container NAME --image IMAGE" >&2
  exit 2
}

while [ $# -gt 0 ]; do
  case "$1" in
    --cluster) cluster="$2"; shift 2 ;;
    --region) region="$2"; shift 2 ;;
    --namespace) ns="$2"; shift 2 ;;
    --deployment) deploy="$2"; shift 2 ;;
    --container) container="$2"; shift 2 ;;
    --image) image="$2"; shift 2 ;;
    *) usage ;;
  esac
done
: "${cluster:?}" "${region:?}" "${ns:?}" "${deploy:?}" "${container:?}" "${image:?}"

aws eks update-kubeconfig --name "$cluster" --region "$region" >/dev/null
echo "context: $(kubectl config current-context)"

before="$(kubectl -n "$ns" get deployment "$deploy" -o jsonpath="{.spec.template.spec.containers[?(@.name=='$container')].image}")"
echo "current image: $before"
echo "new image:     $image"

kubectl -n "$ns" set image "deployment/$deploy" "$container=$image"
kubectl -n "$ns" annotate "deployment/$deploy" kubernetes.io/change-cause="image $image via eks-rollout" --overwrite >/dev/null

if kubectl -n "$ns" rollout status "deployment/$deploy" --timeout=5m; then
  echo "rolled out $image"
else
  echo "rollout failed; undoing" >&2
  kubectl -n "$ns" rollout undo "deployment/$deploy"
  kubectl -n "$ns" rollout status "deployment/$deploy" --timeout=5m || true
  exit 1
fi
