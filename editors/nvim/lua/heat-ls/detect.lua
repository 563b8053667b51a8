-- Content detection of Heat files, the same rules as the VS Code extension
-- (editors/vscode/src/detect.ts) and heat-ls itself: a top-level
-- `heat_template_version` key makes a HOT template; only environment
-- sections at the top level make an environment file. A file whose only
-- section is `parameters` is left alone: too much unrelated YAML looks so.
local M = {}

--- Sections a Heat environment file may hold at its top level.
M.environment_sections = {
  parameters = true,
  parameter_defaults = true,
  resource_registry = true,
  encrypted_param_names = true,
  event_sinks = true,
  parameter_merge_strategies = true,
}

--- Top-level sections of a HOT template besides its version.
M.template_sections = {
  description = true,
  parameter_groups = true,
  parameters = true,
  resources = true,
  outputs = true,
  conditions = true,
}

--- Edits a top-level key may be from a section name to count as that name
--- misspelt; the same bound as heat-ls (analysis/hot/detect.go).
M.near_miss_distance = 2

--- Edit distance with adjacent swaps counted as one edit.
function M.distance(a, b)
  local d = {}
  for i = 0, #a do
    d[i] = { [0] = i }
  end
  for j = 0, #b do
    d[0][j] = j
  end
  for i = 1, #a do
    for j = 1, #b do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      local v = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if i > 1 and j > 1 and a:byte(i) == b:byte(j - 1) and a:byte(i - 1) == b:byte(j) then
        v = math.min(v, d[i - 2][j - 2] + 1)
      end
      d[i][j] = v
    end
  end
  return d[#a][#b]
end

--- True when key is a misspelling of one of the names (a list or set).
function M.near_miss(key, names)
  for k, v in pairs(names) do
    local name = type(k) == 'string' and k or v
    local dist = M.distance(key, name)
    if dist > 0 and dist <= M.near_miss_distance then
      return true
    end
  end
  return false
end

--- Lines looked at; templates declare themselves near the top.
M.max_lines = 1000

--- Returns the key of an unindented `key:` line, or nil.
function M.top_level_key(line)
  line = line:gsub('^\239\187\191', ''):gsub('\r$', '')
  if line == '' or line:match('^[%s#%-]') or line:match('^%.%.%.') then
    return nil
  end
  local key = line:match('^"([^"]+)"%s*:%s') or line:match('^"([^"]+)"%s*:$')
    or line:match("^'([^']+)'%s*:%s") or line:match("^'([^']+)'%s*:$")
    or line:match('^([^%s:#][^:#]-)%s*:%s') or line:match('^([^%s:#][^:#]-)%s*:$')
  return key
end

--- Classifies lines as 'template', 'environment' or nil.
function M.kind(lines)
  local keys = {}
  for i, line in ipairs(lines) do
    if i > M.max_lines then
      break
    end
    if line:match('^%-%-%-') and #keys > 0 then
      break -- only the first YAML document counts
    end
    local key = M.top_level_key(line)
    if key == 'heat_template_version' then
      return 'template'
    end
    if key then
      keys[#keys + 1] = key
    end
  end
  if #keys == 0 then
    return nil
  end
  -- A key a typo away from a Heat name counts for that name, so the file
  -- is claimed and heat-ls reports the typo.
  local version_miss, hot_section = false, false
  for _, key in ipairs(keys) do
    version_miss = version_miss or M.near_miss(key, { 'heat_template_version' })
    hot_section = hot_section or M.template_sections[key] == true
  end
  if version_miss and hot_section then
    return 'template'
  end
  local distinctive, real = false, false
  for _, key in ipairs(keys) do
    if M.environment_sections[key] then
      real = true
    elseif not M.near_miss(key, M.environment_sections) then
      return nil
    end
    if key ~= 'parameters' then
      distinctive = true
    end
  end
  return (distinctive and real) and 'environment' or nil
end

--- Classifies a buffer.
function M.buffer_kind(bufnr)
  return M.kind(vim.api.nvim_buf_get_lines(bufnr, 0, M.max_lines, false))
end

return M
