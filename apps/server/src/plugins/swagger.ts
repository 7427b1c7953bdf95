import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const docsHtml = `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>接口文档 · 药房后台 API</title>
<style>
body{font:14px/1.6 system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;color:#222;background:#f5f6f8}
header{background:#1677ff;color:#fff;padding:16px 24px}header a{color:#fff}
main{max-width:1100px;margin:0 auto;padding:16px 24px}
input{width:100%;padding:8px;margin:8px 0 16px;border:1px solid #ccc;border-radius:6px;box-sizing:border-box}
h2{font-size:16px;margin:24px 0 8px}
details{background:#fff;border:1px solid #e5e6eb;border-radius:6px;margin:6px 0}
summary{cursor:pointer;padding:8px 12px;display:flex;gap:12px;align-items:center}
.m{font-weight:600;min-width:64px;text-transform:uppercase}.get{color:#2f9e44}.post{color:#1971c2}.put{color:#e8590c}.delete{color:#c92a2a}.patch{color:#9c36b5}
.p{font-family:ui-monospace,monospace}.lock{color:#999;font-size:12px}
pre{margin:0;padding:8px 12px;background:#fafafa;border-top:1px solid #eee;overflow:auto;font-size:12px}
</style></head>
<body><header><strong>药房后台 API</strong> · <a href="/api/v1/openapi.json">openapi.json</a></header>
<main><input id="q" placeholder="搜索路径或标签" aria-label="搜索"><div id="ops">加载中…</div></main>
<script src="/api/docs/docs.js"></script></body></html>`;

const docsJs = `(async function(){
  var box=document.getElementById('ops');
  var doc=await (await fetch('/api/v1/openapi.json')).json();
  var groups={};
  Object.keys(doc.paths).forEach(function(path){
    var item=doc.paths[path];
    Object.keys(item).forEach(function(method){
      var op=item[method];var tag=(op.tags&&op.tags[0])||'其他';
      (groups[tag]=groups[tag]||[]).push({path:path,method:method,op:op});
    });
  });
  function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text!==undefined)e.textContent=text;return e;}
  function render(filter){
    box.textContent='';
    Object.keys(groups).sort().forEach(function(tag){
      var ops=groups[tag].filter(function(o){return !filter||(o.path+' '+tag+' '+(o.op.summary||'')).toLowerCase().indexOf(filter)>=0;});
      if(!ops.length)return;
      box.appendChild(el('h2',null,tag));
      ops.forEach(function(o){
        var d=el('details');var s=el('summary');
        s.appendChild(el('span','m '+o.method,o.method));s.appendChild(el('span','p',o.path));
        s.appendChild(el('span',null,o.op.summary||''));
        if(o.op.security&&o.op.security.length)s.appendChild(el('span','lock','需要登录'));
        d.appendChild(s);
        d.appendChild(el('pre',null,JSON.stringify({parameters:o.op.parameters,requestBody:o.op.requestBody,responses:o.op.responses},null,2)));
        box.appendChild(d);
      });
    });
  }
  render('');
  document.getElementById('q').addEventListener('input',function(e){render(e.target.value.trim().toLowerCase());});
})().catch(function(e){document.getElementById('ops').textContent='加载失败：'+e.message;});`;

/** OpenAPI 3 from the routes' zod schemas, and a self-contained docs page (no CDN: the servers have no internet). */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: '药房后台 API',
          description: 'Back-office API of the pharmacy platform. Envelope: { code, msg, message, data }.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'Auth' } },
        },
      },
      transform: jsonSchemaTransform,
    });

    app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(docsHtml),
    );
    app.get('/api/docs/docs.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(docsJs),
    );
  },
  { name: 'swagger' },
);
