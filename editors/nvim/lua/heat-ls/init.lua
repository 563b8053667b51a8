-- heat-ls for Neovim: starts the heat-ls language server on HOT templates
-- and Heat environment files (filetype `yaml.heat`, see ftdetect/heat.lua).
--
--   require('heat-ls').setup({
--     cmd = { 'heat-ls' },                       -- or { '/path/heat-ls', '--log-file', '/tmp/heat-ls.log' }
--     settings = { ['heat-ls'] = { schemaPaths = {}, logLevel = 'info' } },
--     folding = true,          -- folds from heat-ls (off by default: it sets foldmethod)
--     inlay_hints = true,      -- values after get_param (end of line on Neovim < 0.10)
--     semantic_tokens = true,  -- highlighting of names (own extmarks on Neovim < 0.9)
--   })
--
-- :HeatGraph [dot|mermaid|json] opens the resource graph (visual.lua);
-- :HeatPreview [ENV...] the stack preview beside the template (preview.lua).
--
-- Neovim 0.11+ registers the server with vim.lsp.config and vim.lsp.enable;
-- older versions (Debian's 0.7) start it with vim.lsp.start_client and
-- attach buffers with vim.lsp.buf_attach_client, one client per root.
local M = {}
local visual = require('heat-ls.visual')

--- The settings section heat-ls reads (workspace/configuration).
M.section = 'heat-ls'

--- Name of the client (and of the vim.lsp.config entry on 0.11+).
M.name = 'heat_ls'

local defaults = {
  cmd = { 'heat-ls' },
  filetypes = { 'yaml.heat' },
  root_markers = { '.git' },
  settings = { ['heat-ls'] = { schemaPaths = {}, logLevel = 'info' } },
}

-- The configuration in effect and the 0.7 clients by root directory: the
-- plugin's own state, created by setup().
local state = { config = nil, clients = {} }

-- The languageId sent in didOpen: `heat` for `yaml.heat` buffers, as the
-- VS Code extension and Emacs send, instead of the compound filetype.
local function language_id(_, filetype)
  if filetype == 'yaml.heat' then
    return 'heat'
  end
  return filetype
end

--- Exposed for tests and for custom configurations.
M.language_id = language_id

local function has_011()
  return vim.fn.has('nvim-0.11') == 1
end

-- Accepts settings with or without the 'heat-ls' section wrapper.
local function normalize_settings(settings)
  settings = settings or {}
  if settings[M.section] == nil and next(settings) ~= nil then
    settings = { [M.section] = settings }
  end
  return vim.tbl_deep_extend('force', vim.deepcopy(defaults.settings), settings)
end

--- Whether setup() has run.
function M.is_configured()
  return state.config ~= nil
end

--- The configuration in effect (after setup()).
function M.config()
  return state.config
end

-- The nearest directory above the buffer's file holding one of markers,
-- else the file's own directory.
local function root_dir(bufnr, markers)
  local name = vim.api.nvim_buf_get_name(bufnr)
  local dir = name ~= '' and vim.fn.fnamemodify(name, ':p:h') or vim.fn.getcwd()
  for _, marker in ipairs(markers) do
    local hit = vim.fn.finddir(marker, dir .. ';')
    if hit ~= '' then
      return vim.fn.fnamemodify(hit, ':p:h:h')
    end
    hit = vim.fn.findfile(marker, dir .. ';')
    if hit ~= '' then
      return vim.fn.fnamemodify(hit, ':p:h')
    end
  end
  return dir
end

local function cmd_available(cmd)
  return type(cmd) == 'function' or vim.fn.executable(cmd[1]) == 1
end

local function warn_missing(cmd)
  vim.notify(
    ('heat-ls: %q is not executable. Install it with `go install ./cmd/heat-ls` in a heat-ls checkout '
      .. '(or build it with `go build -o <dir>/heat-ls ./cmd/heat-ls`) and put it on PATH, '
      .. "or pass cmd = { '/path/to/heat-ls' } to require('heat-ls').setup()."):format(cmd[1]),
    vim.log.levels.ERROR
  )
end

-- Neovim 0.7 .. 0.10: one client per root directory, attached by hand.
local function attach_legacy(bufnr)
  local cfg = state.config
  if not cmd_available(cfg.cmd) then
    warn_missing(cfg.cmd)
    return
  end
  local root = root_dir(bufnr, cfg.root_markers)
  local id = state.clients[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    id = vim.lsp.start_client({
      name = M.name,
      cmd = cfg.cmd,
      root_dir = root,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ':t') } },
      settings = cfg.settings,
      init_options = cfg.settings[M.section],
      get_language_id = language_id,
      capabilities = vim.tbl_deep_extend('force', vim.lsp.protocol.make_client_capabilities(), visual.capabilities()),
      handlers = visual.handlers(),
      commands = visual.commands(),
      on_attach = function(client, b)
        visual.attach(client, b, cfg.visual)
      end,
      on_exit = function()
        if state.clients[root] == id then
          state.clients[root] = nil
        end
      end,
    })
    if not id then
      return
    end
    state.clients[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
end

local function filetype_matches(ft, filetypes)
  for _, want in ipairs(filetypes) do
    if ft == want then
      return true
    end
  end
  return false
end

--- Configures heat-ls and arranges for it to start on HOT files. May be
--- called again to change the configuration (running clients keep theirs
--- until restarted with :LspRestart or by reopening the file).
function M.setup(opts)
  opts = opts or {}
  local cfg = {
    cmd = opts.cmd or defaults.cmd,
    filetypes = opts.filetypes or defaults.filetypes,
    root_markers = opts.root_markers or defaults.root_markers,
    settings = normalize_settings(opts.settings),
    visual = { folding = opts.folding, inlay_hints = opts.inlay_hints, semantic_tokens = opts.semantic_tokens },
  }
  state.config = cfg
  vim.lsp.commands['heat-ls.showReferences'] = visual.show_references
  vim.api.nvim_create_user_command('HeatGraph', function(c)
    visual.graph(state.config.cmd, c.args)
  end, { nargs = '?', complete = function() return { 'dot', 'mermaid', 'json' } end, desc = 'heat-ls: resource graph of this template' })
  vim.api.nvim_create_user_command('HeatPreview', function(c)
    local preview = require('heat-ls.preview')
    preview.open(0, preview.environment_args(c.fargs))
  end, { nargs = '*', complete = 'file', desc = 'heat-ls: the stack this template becomes, beside it' })

  if has_011() then
    vim.lsp.config(M.name, {
      cmd = cfg.cmd,
      filetypes = cfg.filetypes,
      root_markers = cfg.root_markers,
      settings = cfg.settings,
      init_options = cfg.settings[M.section],
      get_language_id = language_id,
      capabilities = visual.capabilities(),
      handlers = visual.handlers(),
      commands = visual.commands(),
      on_attach = function(client, b)
        visual.attach(client, b, cfg.visual)
      end,
    })
    if opts.autostart ~= false then
      if not cmd_available(cfg.cmd) then
        warn_missing(cfg.cmd)
      end
      vim.lsp.enable(M.name)
    end
    return
  end

  local group = vim.api.nvim_create_augroup('heat_ls_start', { clear = true })
  if opts.autostart == false then
    return
  end
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = cfg.filetypes,
    callback = function(args)
      attach_legacy(args.buf)
    end,
  })
  -- Buffers already open with a matching filetype.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and filetype_matches(vim.bo[bufnr].filetype, cfg.filetypes) then
      attach_legacy(bufnr)
    end
  end
end

return M
