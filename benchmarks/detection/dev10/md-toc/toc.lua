local path = arg[1] or "README.md"
local f = assert(io.open(path, "r"))
local text = f:read("a")
f:close()

local function slug(s)
  return (s:lower():gsub("[^%w%s-]", ""):gsub("%s+", "-"))
end

local lines, fence = {}, false
for line in text:gmatch("[^\n]*") do
  if line:match("^```") then fence = not fence end
  local hashes, title = line:match("^(##+)%s+(.+)$")
  if not fence and hashes and #hashes <= 3 then
    lines[#lines + 1] = string.rep("  ", #hashes - 2) .. "- [" .. title .. "](#" .. slug(title) .. ")"
  end
end

local toc = "<!-- toc -->\n" .. table.concat(lines, "\n") .. "\n<!-- /toc -->"
local out, n = text:gsub("<!%-%- toc %-%->.-<!%-%- /toc %-%->", function() return toc end)
if n == 0 then
  io.stderr:write("no <!-- toc --> markers in " .. path .. "\n")
  os.exit(1)
end
f = assert(io.open(path, "w"))
f:write(out)
f:close()
print(("updated %s (%d headings)"):format(path, #lines))
