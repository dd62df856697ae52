#!/bin/sh
# grant.sh NAMESPACE [--kubeconfig DURATION | --revoke] - read-only pod-log access in one namespace.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ns=${1:?usage: grant.sh NAMESPACE [--kubeconfig DURATION | --revoke]}
mode=${2:-}

case "$ns" in
  kube-system|kube-public|kube-node-lease) echo "refusing system namespace $ns" >&2; exit 2 ;;
esac
kubectl get namespace "$ns" >/dev/null

manifest() { sed "s/__NS__/$ns/g" "$here/manifests/log-reader.yaml"; }

if [ "$mode" = "--revoke" ]; then
  manifest | kubectl delete --ignore-not-found -f -
  exit 0
fi

manifest | kubectl apply -f -
kubectl auth can-i get pods/log -n "$ns" --as "system:serviceaccount:$ns:log-reader"

if [ "$mode" = "--kubeconfig" ]; then
  duration=${3:-1h}
  out="log-reader-$ns.kubeconfig"
  ctx=$(kubectl config current-context)
  cluster=$(kubectl config view -o jsonpath="{.contexts[?(@.name==\"$ctx\")].context.cluster}")
  server=$(kubectl config view -o jsonpath="{.clusters[?(@.name==\"$cluster\")].cluster.server}")
  ca=$(kubectl config view --raw -o jsonpath="{.clusters[?(@.name==\"$cluster\")].cluster.certificate-authority-data}")
  token=$(kubectl create token log-reader -n "$ns" --duration "$duration")
  umask 077
  cat > "$out" <<KCFG
apiVersion: v1
kind: Config
clusters:
  - name: $cluster
    cluster:
      server: $server
      certificate-authority-data: $ca
users:
  - name: log-reader@$ns
    user:
      token: $token
contexts:
  - name: log-reader@$ns
    context: { cluster: $cluster, namespace: $ns, user: log-reader@$ns }
current-context: log-reader@$ns
KCFG
  echo "wrote $out (mode 600), valid for $duration"
fi
