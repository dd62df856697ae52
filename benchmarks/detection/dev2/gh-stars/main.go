package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
)

func main() {
	req, _ := http.NewRequest("GET", "https://api.github.com/user/starred?per_page=100", nil)
	req.Header.Set("Authorization", "Bearer "+os.Getenv("GITHUB_TOKEN"))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer resp.Body.Close()
	var repos []struct {
		FullName string `json:"full_name"`
		Language string `json:"language"`
	}
	json.NewDecoder(resp.Body).Decode(&repos)
	for _, r := range repos {
		fmt.Printf("%-12s %s\n", r.Language, r.FullName)
	}
}
