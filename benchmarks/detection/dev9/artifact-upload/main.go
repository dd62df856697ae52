package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: artifact-upload FILE")
		os.Exit(2)
	}
	url, token := os.Getenv("ARTIFACT_URL"), os.Getenv("ARTIFACT_TOKEN")
	if url == "" || token == "" {
		fmt.Fprintln(os.Stderr, "set ARTIFACT_URL and ARTIFACT_TOKEN")
		os.Exit(2)
	}
	path := os.Args[1]
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	f.Seek(0, io.SeekStart)
	req, _ := http.NewRequest(http.MethodPut, url+"/"+filepath.Base(path), f)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("X-Checksum-Sha256", hex.EncodeToString(h.Sum(nil)))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.Status, string(body))
}
