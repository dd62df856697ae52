package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"time"
)

const api = "https://api.github.com"

func token() (string, error) {
	if t := os.Getenv("GITHUB_TOKEN"); t != "" {
		return t, nil
	}
	out, err := exec.Command("gh", "auth", "token").Output()
	if err != nil {
		return "", fmt.Errorf("no GITHUB_TOKEN and `gh auth token` failed: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

func masked(t string) string {
	if len(t) < 8 {
		return "****"
	}
	return t[:4] + "****"
}

func main() {
	need := flag.String("need", "", "comma-separated scopes the next task needs")
	flag.Parse()

	tok, err := token()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}

	req, _ := http.NewRequest("GET", api+"/user", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
	client := &http.Client{Timeout: 15 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, "request failed:", err)
		os.Exit(1)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusUnauthorized {
		fmt.Println("token rejected (401): expired or revoked")
		os.Exit(1)
	}

	var user struct {
		Login string `json:"login"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&user)

	kind := "classic"
	if strings.HasPrefix(tok, "github_pat_") {
		kind = "fine-grained"
	}
	fmt.Printf("token    %s  (%s)\n", masked(tok), kind)
	fmt.Printf("user     %s\n", user.Login)

	scopes := resp.Header.Get("X-OAuth-Scopes")
	if kind == "fine-grained" {
		fmt.Println("scopes   (not reported for fine-grained tokens; check the token's settings page)")
	} else {
		fmt.Printf("scopes   %s\n", scopes)
	}
	if exp := resp.Header.Get("GitHub-Authentication-Token-Expiration"); exp != "" {
		fmt.Printf("expires  %s\n", exp)
	}
	fmt.Printf("rate     %s/%s\n", resp.Header.Get("X-RateLimit-Remaining"), resp.Header.Get("X-RateLimit-Limit"))

	if *need != "" && kind == "classic" {
		have := map[string]bool{}
		for _, s := range strings.Split(scopes, ",") {
			have[strings.TrimSpace(s)] = true
		}
		var parts []string
		for _, s := range strings.Split(*need, ",") {
			s = strings.TrimSpace(s)
			status := "MISSING"
			if have[s] {
				status = "OK"
			}
			parts = append(parts, s+" "+status)
		}
		fmt.Printf("need     %s\n", strings.Join(parts, ", "))
	}
}
