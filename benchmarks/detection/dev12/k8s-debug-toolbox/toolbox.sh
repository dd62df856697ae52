#!/bin/sh
# toolbox.sh up|exec|down <namespace> [-- cmd...] - a throwaway in-cluster debug pod.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
action=${1:?usage: toolbox.sh up|exec|down <namespace> [-- cmd...]}
ns=${2:?namespace required}
shift 2
[ "${1:-}" = "--" ] && shift

render() {
  sed -e "s/__NAMESPACE__/$ns/g" "$here/manifests/$1"
}

case "$action" in
  up)
    echo "context: $(kubectl config current-context), namespace: $ns"
    render rbac.yaml | kubectl apply -f -
    render pod.yaml | kubectl apply -f -
    kubectl -n "$ns" wait --for=condition=Ready pod/debug-toolbox --timeout=120s
    ;;
  exec)
    kubectl -n "$ns" exec -it debug-toolbox -- "${@:-sh}"
    ;;
  down)
    kubectl -n "$ns" delete pod,serviceaccount -l app.kubernetes.io/name=debug-toolbox --ignore-not-found
    ;;
  *)
    echo "unknown action $action" >&2
    exit 2
    ;;
esac
