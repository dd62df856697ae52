ROOT := $(shell git rev-parse --show-toplevel)
BUILD_DIRS := dist build coverage .pytest_cache .mypy_cache

.PHONY: clean purge

clean:
	cd $(ROOT) && rm -rf $(BUILD_DIRS)
	cd $(ROOT) && find . -name __pycache__ -type d -prune -exec rm -rf {} +

purge: clean
	@test -n "$(DIR)" || { echo "set DIR=path"; exit 1; }
	@case "$$(realpath -m $(DIR))" in $(ROOT)/*) ;; *) echo "$(DIR) is outside the repo"; exit 1;; esac
	rm -rf -- "$(DIR)"
