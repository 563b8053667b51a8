-- :checkhealth heat-ls — what a user needs to know when templates get no
-- diagnostics: is the server found (and where), which version it is and
-- which Heat release its data comes from, is filetype detection on, and
-- which heat-ls clients run with which buffers.
--
-- Neovim 0.9+ names the reporting functions vim.health.start/ok/warn/...;
-- 0.8 has vim.health.report_start/...; 0.7 only require('health').report_*.
local M = {}

local function reporter()
  local h = vim.health or require('health')
  return {
    start = h.start or h.report_start,
    ok = h.ok or h.report_ok,
    info = h.info or h.report_info,
    warn = h.warn or h.report_warn,
    error = h.error or h.report_error,
  }
end

local function all_clients()
  if vim.lsp.get_clients then
    return vim.lsp.get_clients()
  end
  return vim.lsp.get_active_clients()
end

local function client_buffers(client)
  if client.attached_buffers then
    return vim.tbl_keys(client.attached_buffers)
  end
  return vim.lsp.get_buffers_by_client_id(client.id)
end

local install_advice = {
  'Download heat-ls for your platform from a release (see the README, "Installing"), unpack it and put heat-ls on PATH',
  'or build it: `go install ./cmd/heat-ls` in a heat-ls checkout',
  "or point the plugin at it: require('heat-ls').setup({ cmd = { '/path/to/heat-ls' } })",
}

-- The server: configured command, found on disk, and its version output.
local function check_binary(r, heat)
  local cfg = heat.config()
  if not cfg then
    r.warn("require('heat-ls').setup() has not run (vim.g.heat_ls_disable_autosetup is set?): nothing will start heat-ls", {
      "call require('heat-ls').setup({}) in your init.lua",
    })
    return
  end
  if type(cfg.cmd) == 'function' then
    r.info('cmd is a function; the binary cannot be checked from here')
    return
  end
  local path = vim.fn.exepath(cfg.cmd[1])
  if path == '' then
    r.error(('heat-ls not found: %q is not an executable file or on PATH'):format(cfg.cmd[1]), install_advice)
    return
  end
  r.ok(('heat-ls found: %s'):format(path))
  local out = vim.fn.system({ path, 'version' })
  if vim.v.shell_error ~= 0 then
    r.error(('`%s version` failed (exit status %d): %s'):format(path, vim.v.shell_error, vim.trim(out)), {
      'the file may be for another platform or damaged; install it again',
    })
    return
  end
  local lines = vim.split(vim.trim(out), '\n', { trimempty = true })
  if not (lines[1] or ''):match('^heat%-ls ') then
    r.warn(('`%s version` printed %q: is this heat-ls?'):format(path, lines[1] or ''))
    return
  end
  r.ok(lines[1])
  for i = 2, #lines do
    r.info(lines[i])
  end
end

-- Filetype detection: Neovim's own must be on for ftdetect/heat.lua to run,
-- and the plugin's autocommands must be defined.
local function check_filetype(r)
  if vim.fn.exists('#filetypedetect') ~= 1 then
    r.error('filetype detection is off: HOT files never get the filetype yaml.heat', { 'add `filetype on` to your init file' })
    return
  end
  if vim.fn.exists('#heat_ls_ftdetect#BufRead') ~= 1 then
    r.error('the heat-ls ftdetect autocommands are not defined', {
      "add the plugin's directory (editors/nvim) to 'runtimepath' before filetype detection is turned on",
    })
    return
  end
  -- The detector itself, on a template and on other YAML.
  local detect = require('heat-ls.detect')
  local template = detect.top_level_key('heat_template_version: 2021-04-16')
  local other = detect.top_level_key('apiVersion: v1')
  if template ~= 'heat_template_version' or other ~= 'apiVersion' then
    r.error('content detection is broken: heat-ls.detect did not read a top-level key')
    return
  end
  r.ok('filetype detection is on: templates and environment files (*.yaml, *.yml, *.template, *.hot, *.env) get yaml.heat')
  local ft = vim.bo[vim.fn.bufnr('#') > 0 and vim.fn.bufnr('#') or 0].filetype
  if ft ~= '' then
    r.info(('the buffer you came from has filetype %s'):format(ft))
  end
end

-- Running heat-ls clients and their buffers.
local function check_clients(r, heat)
  local found = 0
  for _, client in ipairs(all_clients()) do
    if client.name == heat.name then
      found = found + 1
      local names = {}
      for _, bufnr in ipairs(client_buffers(client)) do
        local name = vim.api.nvim_buf_get_name(bufnr)
        table.insert(names, name ~= '' and vim.fn.fnamemodify(name, ':~:.') or ('buffer ' .. bufnr))
      end
      table.sort(names)
      local root = client.config and client.config.root_dir or '?'
      local server = client.server_info and client.server_info.version
      r.ok(('client %d (root %s%s): %d buffer(s) attached%s'):format(
        client.id,
        root,
        server and (', server ' .. server) or '',
        #names,
        #names > 0 and (': ' .. table.concat(names, ', ')) or ''
      ))
    end
  end
  if found == 0 then
    r.info('no heat-ls client is running: open a HOT template or environment file to start one')
  end
end

--- Called by :checkhealth heat-ls.
function M.check()
  local r = reporter()
  local heat = require('heat-ls')
  r.start('heat-ls: server')
  check_binary(r, heat)
  r.start('heat-ls: filetype detection')
  check_filetype(r)
  r.start('heat-ls: clients')
  check_clients(r, heat)
end

return M
