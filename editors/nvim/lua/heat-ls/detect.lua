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
  local distinctive = false
  for _, key in ipairs(keys) do
    if not M.environment_sections[key] then
      return nil
    end
    if key ~= 'parameters' then
      distinctive = true
    end
  end
  return distinctive and 'environment' or nil
end

--- Classifies a buffer.
function M.buffer_kind(bufnr)
  return M.kind(vim.api.nvim_buf_get_lines(bufnr, 0, M.max_lines, false))
end

return M
