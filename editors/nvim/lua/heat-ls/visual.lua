-- What heat-ls shows beyond Neovim's built-in LSP support on older
-- versions (Debian's 0.7): semantic token highlighting (built in from
-- 0.9), inlay hints as end-of-line virtual text (built in from 0.10),
-- folding from textDocument/foldingRange (built in from 0.11), greying of
-- what heat-ls tags unnecessary (built in from 0.10; a resource a false
-- condition leaves out), code lenses asked again when heat-ls says they
-- changed (workspace/codeLens/refresh), the code lens command
-- heat-ls.showReferences, and :HeatGraph.
--
-- Newer Neovim versions draw tokens and hints themselves; this module then
-- only adds the capabilities, the command and :HeatGraph.
local M = {}

local ns_tokens = vim.api.nvim_create_namespace('heat_ls_tokens')
local ns_hints = vim.api.nvim_create_namespace('heat_ls_hints')
local ns_unnecessary = vim.api.nvim_create_namespace('heat_ls_unnecessary')

-- The diagnostic namespaces of heat-ls clients, whose diagnostics tagged
-- unnecessary the plugin greys on Neovim < 0.10: the plugin's own state.
local heat_namespaces = {}

-- Per-buffer folding levels computed from the last folding ranges: the
-- plugin's own state.
local fold_levels = {}

--- Client capabilities heat-ls needs to offer these features (merged
--- into what Neovim itself sends).
function M.capabilities()
  return {
    textDocument = {
      semanticTokens = {
        requests = { full = true, range = false },
        tokenTypes = { 'function', 'parameter', 'variable', 'enumMember', 'property', 'type' },
        tokenModifiers = { 'declaration', 'deprecated', 'defaultLibrary', 'readonly' },
        formats = { 'relative' },
      },
      -- vim.empty_dict(): an empty Lua table would be sent as [].
      inlayHint = vim.empty_dict(),
      foldingRange = { lineFoldingOnly = true },
      codeLens = vim.empty_dict(),
    },
    -- heat-ls then asks for lenses again when an environment file, a
    -- nested template or the settings change them.
    workspace = { codeLens = { refreshSupport = true } },
  }
end

--- The lenses of bufnr, asked of heat-ls directly and drawn by Neovim's
--- codelens module. vim.lsp.codelens.refresh drops a request while one is
--- in flight for the buffer, so an edit made meanwhile kept the older
--- text's lenses until the next edit; here an answer for text that has
--- changed since is dropped and asked again (a few times at most).
function M.request_lenses(client, bufnr, tries)
  if not vim.lsp.codelens or not vim.api.nvim_buf_is_valid(bufnr) then
    return
  end
  tries = tries or 0
  local tick = vim.api.nvim_buf_get_changedtick(bufnr)
  local params = { textDocument = vim.lsp.util.make_text_document_params(bufnr) }
  client.request('textDocument/codeLens', params, function(err, result, ctx, config)
    if not vim.api.nvim_buf_is_valid(bufnr) then
      return
    end
    if vim.api.nvim_buf_get_changedtick(bufnr) ~= tick and tries < 5 then
      M.request_lenses(client, bufnr, tries + 1)
      return
    end
    ctx = ctx or {}
    ctx.bufnr, ctx.client_id = bufnr, client.id
    pcall(vim.lsp.codelens.on_codelens, err, result, ctx, config)
  end, bufnr)
end

--- workspace/codeLens/refresh: the lenses of every buffer the client has
--- attached to, asked again.
function M.on_codelens_refresh(_, _, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  if client then
    local buffers = client.attached_buffers and vim.tbl_keys(client.attached_buffers)
      or vim.lsp.get_buffers_by_client_id(ctx.client_id)
    for _, bufnr in ipairs(buffers) do
      M.request_lenses(client, bufnr)
    end
  end
  return vim.NIL
end

--- Handlers for the client config: those this Neovim lacks.
function M.handlers()
  local h = {}
  if vim.lsp.handlers['workspace/codeLens/refresh'] == nil then
    h['workspace/codeLens/refresh'] = M.on_codelens_refresh
  end
  return h
end

--- A lens that runs no command (a condition's truth: command ""): running
--- it only says what it shows, instead of Neovim's "server does not
--- support command" warning.
function M.show_lens_title(command)
  vim.notify('heat-ls: ' .. (command.title or ''), vim.log.levels.INFO)
end

--- Client-side commands for the client config.
function M.commands()
  return { [''] = M.show_lens_title }
end

local function is_unnecessary(d)
  if d._tags then
    return d._tags.unnecessary == true
  end
  local tags = d.user_data and d.user_data.lsp and d.user_data.lsp.tags
  for _, t in ipairs(type(tags) == 'table' and tags or {}) do
    if t == 1 then
      return true
    end
  end
  return false
end

--- Greys the ranges of heat-ls's diagnostics tagged Unnecessary with
--- HeatLsUnnecessary (Neovim 0.10+ does it itself with
--- DiagnosticUnnecessary), as a vim.diagnostic handler limited to the
--- namespaces of heat-ls clients.
local function grey_unnecessary(client)
  heat_namespaces[vim.lsp.diagnostic.get_namespace(client.id)] = true
  if vim.diagnostic.handlers.heat_ls_unnecessary then
    return
  end
  vim.diagnostic.handlers.heat_ls_unnecessary = {
    show = function(namespace, bufnr, diagnostics)
      if not heat_namespaces[namespace] then
        return
      end
      vim.api.nvim_buf_clear_namespace(bufnr, ns_unnecessary, 0, -1)
      for _, d in ipairs(diagnostics) do
        if is_unnecessary(d) then
          -- Within the text as it is now (it may have changed since).
          local last = vim.api.nvim_buf_line_count(bufnr) - 1
          local end_line = math.min(d.end_lnum or d.lnum, last)
          local end_text = vim.api.nvim_buf_get_lines(bufnr, end_line, end_line + 1, false)[1] or ''
          local end_col = end_line < (d.end_lnum or d.lnum) and #end_text or math.min(d.end_col or 0, #end_text)
          pcall(vim.api.nvim_buf_set_extmark, bufnr, ns_unnecessary, d.lnum, d.col,
            { end_line = end_line, end_col = end_col, hl_group = 'HeatLsUnnecessary', priority = 150 })
        end
      end
    end,
    hide = function(namespace, bufnr)
      if heat_namespaces[namespace] and vim.api.nvim_buf_is_valid(bufnr) then
        vim.api.nvim_buf_clear_namespace(bufnr, ns_unnecessary, 0, -1)
      end
    end,
  }
end

-- Highlight groups per token type, linked to standard groups so every
-- colour scheme shows them; :highlight HeatLsResource ... overrides.
local groups = {
  ['function'] = { 'HeatLsFunction', 'Function' },
  parameter = { 'HeatLsParameter', 'Identifier' },
  variable = { 'HeatLsResource', 'Type' },
  enumMember = { 'HeatLsCondition', 'Constant' },
  property = { 'HeatLsOutput', 'Label' },
  type = { 'HeatLsResourceType', 'Structure' },
}

local function define_groups()
  for _, g in pairs(groups) do
    vim.api.nvim_set_hl(0, g[1], { link = g[2], default = true })
  end
  vim.api.nvim_set_hl(0, 'HeatLsDeprecated', { strikethrough = true, default = true })
  vim.api.nvim_set_hl(0, 'HeatLsInlayHint', { link = 'Comment', default = true })
  vim.api.nvim_set_hl(0, 'HeatLsUnnecessary', { link = 'Comment', default = true })
end

--- Decodes a semanticTokens answer into {line, col, length, type, modifiers}.
function M.decode_tokens(data, legend)
  local out, line, col = {}, 0, 0
  for i = 1, #data, 5 do
    if data[i] > 0 then
      col = 0
    end
    line = line + data[i]
    col = col + data[i + 1]
    local mods = {}
    for b, name in ipairs(legend.tokenModifiers or {}) do
      if math.floor(data[i + 4] / 2 ^ (b - 1)) % 2 == 1 then
        mods[name] = true
      end
    end
    out[#out + 1] = { line = line, col = col, length = data[i + 2], type = legend.tokenTypes[data[i + 3] + 1], modifiers = mods }
  end
  return out
end

local function request(client, bufnr, method, params, handler)
  client.request(method, params, function(err, result)
    if err == nil and result ~= nil and vim.api.nvim_buf_is_valid(bufnr) then
      handler(result)
    end
  end, bufnr)
end

-- Character offsets from the server are UTF-16; extmarks take bytes.
local function byte_col(bufnr, line, col16)
  local text = vim.api.nvim_buf_get_lines(bufnr, line, line + 1, false)[1] or ''
  local ok, b = pcall(vim.str_byteindex, text, col16, true)
  return ok and b or col16
end

function M.refresh_tokens(client, bufnr)
  local provider = client.server_capabilities.semanticTokensProvider
  if not provider then
    return
  end
  request(client, bufnr, 'textDocument/semanticTokens/full', { textDocument = vim.lsp.util.make_text_document_params(bufnr) }, function(result)
    vim.api.nvim_buf_clear_namespace(bufnr, ns_tokens, 0, -1)
    for _, t in ipairs(M.decode_tokens(result.data or {}, provider.legend)) do
      local g = groups[t.type]
      if g then
        local s = byte_col(bufnr, t.line, t.col)
        local e = byte_col(bufnr, t.line, t.col + t.length)
        pcall(vim.api.nvim_buf_set_extmark, bufnr, ns_tokens, t.line, s, { end_col = e, hl_group = g[1], priority = 110 })
        if t.modifiers.deprecated then
          pcall(vim.api.nvim_buf_set_extmark, bufnr, ns_tokens, t.line, s, { end_col = e, hl_group = 'HeatLsDeprecated', priority = 111 })
        end
      end
    end
  end)
end

function M.refresh_hints(client, bufnr)
  if not client.server_capabilities.inlayHintProvider then
    return
  end
  local last = vim.api.nvim_buf_line_count(bufnr)
  local params = { textDocument = vim.lsp.util.make_text_document_params(bufnr), range = { start = { line = 0, character = 0 }, ['end'] = { line = last, character = 0 } } }
  request(client, bufnr, 'textDocument/inlayHint', params, function(result)
    vim.api.nvim_buf_clear_namespace(bufnr, ns_hints, 0, -1)
    -- Neovim 0.7 has no inline virtual text: hints of a line go at its end.
    local by_line = {}
    for _, h in ipairs(result) do
      local label = type(h.label) == 'string' and h.label or table.concat(vim.tbl_map(function(p) return p.value end, h.label), '')
      local l = h.position.line
      by_line[l] = by_line[l] and (by_line[l] .. '  ' .. label) or label
    end
    for l, text in pairs(by_line) do
      pcall(vim.api.nvim_buf_set_extmark, bufnr, ns_hints, l, 0, { virt_text = { { text, 'HeatLsInlayHint' } }, virt_text_pos = 'eol' })
    end
  end)
end

function M.refresh_folds(client, bufnr)
  if not client.server_capabilities.foldingRangeProvider then
    return
  end
  request(client, bufnr, 'textDocument/foldingRange', { textDocument = vim.lsp.util.make_text_document_params(bufnr) }, function(result)
    local levels, starts = {}, {}
    for _, r in ipairs(result) do
      starts[r.startLine] = true
      for l = r.startLine, r.endLine do
        levels[l] = (levels[l] or 0) + 1
      end
    end
    fold_levels[bufnr] = { levels = levels, starts = starts }
    -- Make windows showing the buffer re-evaluate their folds.
    for _, win in ipairs(vim.fn.win_findbuf(bufnr)) do
      vim.api.nvim_win_call(win, function()
        if vim.wo.foldmethod == 'expr' then
          vim.wo.foldmethod = 'expr'
        end
      end)
    end
  end)
end

--- foldexpr for heat buffers: the nesting of heat-ls's folding ranges.
--- Set with :setlocal foldmethod=expr foldexpr=v:lua.require'heat-ls.visual'.foldexpr(v:lnum)
function M.foldexpr(lnum)
  local f = fold_levels[vim.api.nvim_get_current_buf()]
  if not f then
    return 0
  end
  local l = lnum - 1
  local level = f.levels[l] or 0
  if f.starts[l] then
    return '>' .. level
  end
  return level
end

--- Whether this Neovim draws semantic tokens / inlay hints / LSP folds itself.
local function builtin(feature)
  return vim.fn.has(({ tokens = 'nvim-0.9', hints = 'nvim-0.10', folds = 'nvim-0.11', unnecessary = 'nvim-0.10' })[feature]) == 1
end

--- Starts the features on a buffer the client attached to. opts.folding
--- sets the buffer's folds from heat-ls; opts.inlay_hints = false and
--- opts.semantic_tokens = false turn those off.
function M.attach(client, bufnr, opts)
  opts = opts or {}
  define_groups()
  if not builtin('unnecessary') then
    grey_unnecessary(client)
  end
  local function refresh()
    if opts.semantic_tokens ~= false and not builtin('tokens') then
      M.refresh_tokens(client, bufnr)
    end
    if opts.inlay_hints ~= false and not builtin('hints') then
      M.refresh_hints(client, bufnr)
    end
    if opts.folding then
      M.refresh_folds(client, bufnr)
    end
    if client.server_capabilities.codeLensProvider then
      M.request_lenses(client, bufnr)
    end
  end
  if opts.folding then
    vim.api.nvim_buf_call(bufnr, function()
      if builtin('folds') then
        vim.wo.foldexpr = 'v:lua.vim.lsp.foldexpr()'
      else
        vim.wo.foldexpr = "v:lua.require'heat-ls.visual'.foldexpr(v:lnum)"
      end
      vim.wo.foldmethod = 'expr'
    end)
  end
  local pending = false
  -- BufEnter: what another file changed (an environment file's values)
  -- shows on coming back.
  vim.api.nvim_create_autocmd({ 'TextChanged', 'InsertLeave', 'BufWritePost', 'BufEnter' }, {
    buffer = bufnr,
    group = vim.api.nvim_create_augroup('heat_ls_visual_' .. bufnr, { clear = true }),
    callback = function()
      if pending then
        return
      end
      pending = true
      vim.defer_fn(function()
        pending = false
        if vim.api.nvim_buf_is_valid(bufnr) and not client.is_stopped() then
          refresh()
        end
      end, 200)
    end,
  })
  refresh()
end

--- heat-ls.showReferences, the command code lenses run: the locations
--- into the quickfix list.
function M.show_references(command)
  local locations = command.arguments and command.arguments[3] or {}
  local items = vim.lsp.util.locations_to_items(locations, 'utf-16')
  vim.fn.setqflist({}, ' ', { title = command.title, items = items })
  if #items > 0 then
    vim.cmd('copen')
  else
    vim.notify('heat-ls: no references', vim.log.levels.INFO)
  end
end

--- :HeatGraph [dot|mermaid|json]: the resource graph of the current
--- file (as saved) in a new buffer; with DOT and Graphviz installed, also
--- an SVG next to it (its path is shown).
function M.graph(cmd, format)
  format = (format == nil or format == '') and 'dot' or format
  local file = vim.api.nvim_buf_get_name(0)
  if file == '' then
    vim.notify('heat-ls: save the template first', vim.log.levels.WARN)
    return
  end
  if vim.bo.modified then
    vim.notify('heat-ls: the graph shows the file as saved', vim.log.levels.WARN)
  end
  local args = { cmd[1], 'graph', '--format', format, '--params', '--outputs', file }
  local text = vim.fn.system(args)
  if vim.v.shell_error ~= 0 then
    vim.notify('heat-ls graph: ' .. text, vim.log.levels.ERROR)
    return
  end
  vim.cmd('new')
  local buf = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.split(text, '\n', true))
  vim.bo[buf].buftype = 'nofile'
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].filetype = ({ dot = 'dot', mermaid = 'mermaid', json = 'json' })[format] or ''
  pcall(vim.api.nvim_buf_set_name, buf, 'heat-graph://' .. vim.fn.fnamemodify(file, ':t') .. '.' .. format)
  if format == 'dot' and vim.fn.executable('dot') == 1 then
    local svg = vim.fn.tempname() .. '.svg'
    vim.fn.system({ 'dot', '-Tsvg', '-o', svg }, text)
    if vim.v.shell_error == 0 then
      vim.b[buf].heat_ls_svg = svg
      vim.notify('heat-ls: graph drawn to ' .. svg, vim.log.levels.INFO)
    end
  end
  return buf
end

return M
