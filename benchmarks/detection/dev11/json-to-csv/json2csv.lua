#!/usr/bin/env lua
-- json2csv.lua FILE: JSON array of objects -> CSV on stdout.
local json = require("dkjson")

local path = assert(arg[1], "usage: lua json2csv.lua FILE")
local fh = assert(io.open(path, "r"))
local data, _, err = json.decode(fh:read("a"))
fh:close()
assert(type(data) == "table", err or "top level must be an array")

local function flatten(obj, prefix, out)
  for k, v in pairs(obj) do
    local key = prefix and (prefix .. "." .. k) or tostring(k)
    if type(v) == "table" and #v == 0 and next(v) ~= nil then
      flatten(v, key, out)
    elseif type(v) == "table" then
      local parts = {}
      for _, item in ipairs(v) do parts[#parts + 1] = tostring(item) end
      out[key] = table.concat(parts, ";")
    else
      out[key] = v
    end
  end
  return out
end

local rows, columns, seen = {}, {}, {}
for _, record in ipairs(data) do
  local flat = flatten(record, nil, {})
  local keys = {}
  for k in pairs(flat) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do
    if not seen[k] then seen[k] = true; columns[#columns + 1] = k end
  end
  rows[#rows + 1] = flat
end

local function cell(v)
  if v == nil or v == json.null then return "" end
  local s = tostring(v)
  if s:find('[,"\r\n]') then s = '"' .. s:gsub('"', '""') .. '"' end
  return s
end

local header = {}
for i, c in ipairs(columns) do header[i] = cell(c) end
print(table.concat(header, ","))
for _, r in ipairs(rows) do
  local line = {}
  for i, c in ipairs(columns) do line[i] = cell(r[c]) end
  print(table.concat(line, ","))
end
io.stderr:write(string.format("%d rows, %d columns\n", #rows, #columns))
