/// The browser's page, its style and its code, served from the binary itself: no build step, no CDN,
/// nothing fetched from elsewhere, so the browser works offline and `make install` copies one file.
///
/// One page; the address's fragment says which view it shows (`#visit=N/path`, `#test=N/path`), and
/// the token stays in the address's query, where every request the page makes copies it from.
enum PageResources {
    static let indexHTML = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>StylusKit results</title>
        <link rel="stylesheet" href="app.css">
        </head>
        <body>
        <header><a id="home" href="#">StylusKit results</a> <span id="where"></span></header>
        <main id="view"><p>Loading…</p></main>
        <script src="app.js"></script>
        </body>
        </html>
        """#

    static let appCSS = #"""
        body { font: 15px/1.4 sans-serif; margin: 0; color: #222; background: #fafafa; }
        header { background: #234; color: #fff; padding: 8px 16px; }
        header a { color: #fff; font-weight: bold; text-decoration: none; }
        main { padding: 12px 16px; }
        table { border-collapse: collapse; background: #fff; }
        th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
        th { background: #eef; }
        .chip { display: inline-block; padding: 0 6px; margin: 1px; border-radius: 8px; font-size: 12px; }
        .done { background: #cfc; } .skipped, .pending { background: #eee; }
        .incomplete, .stopped, .aborted { background: #fcc; } .running { background: #ffc; }
        .flag { background: #fdb; }
        .problem { color: #a00; }
        #player { display: flex; gap: 16px; flex-wrap: wrap; }
        #ink { background: #fff; border: 1px solid #999; }
        #controls { margin: 8px 0; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
        #scrub { width: 420px; }
        #events li.now { background: #ffd; font-weight: bold; }
        .timeline { position: relative; height: 14px; width: 300px; background: #dde; }
        .timeline span { position: absolute; top: 0; width: 2px; height: 14px; background: #c00; }
        .form-note { color: #345; }
        table.measures td { border: none; padding: 1px 6px; font-size: 13px; }
        .bar { position: relative; display: inline-block; width: 120px; height: 10px; background: #eee;
          vertical-align: middle; }
        .bar .zone { position: absolute; top: 0; height: 10px; background: #bdb; }
        .bar .mark { position: absolute; top: -3px; width: 3px; height: 16px; background: #000; }
        .place-below, .place-above { color: #a00; font-weight: bold; }
        """#

    static let appJS = #"""
        'use strict';
        const token = new URLSearchParams(location.search).get('token') || '';
        const view = document.getElementById('view');
        const where = document.getElementById('where');
        let player = null;

        function api(path) {
          const headers = { 'X-StylusKit-Token': token };
          const clinician = sessionStorage.getItem('clinician');
          if (clinician) headers['X-StylusKit-Clinician'] = clinician;
          return fetch(path, { headers }).then(async (r) => {
            if (!r.ok) throw new Error(await errorText(r));
            return r.json();
          });
        }
        async function errorText(r) {
          const text = await r.text();
          try { return JSON.parse(text).error.message; } catch (e) { return text; }
        }
        function post(path, body) {
          const headers = { 'X-StylusKit-Token': token, 'Content-Type': 'application/json' };
          const clinician = sessionStorage.getItem('clinician');
          if (clinician) headers['X-StylusKit-Clinician'] = clinician;
          return fetch(path, { method: 'POST', headers, body: JSON.stringify(body) }).then(async (r) => {
            if (!r.ok) throw new Error(await errorText(r));
            return r.json();
          });
        }
        function el(tag, attrs, ...kids) {
          const e = document.createElement(tag);
          for (const [k, v] of Object.entries(attrs || {})) {
            if (k === 'class') e.className = v; else if (k === 'text') e.textContent = v; else e.setAttribute(k, v);
          }
          for (const kid of kids) e.append(kid);
          return e;
        }
        function link(hash, text) { return el('a', { href: '#' + hash, text }); }
        function local(iso) { const d = new Date(iso); return isNaN(d) ? iso : d.toLocaleString(); }
        function chip(word, cls) { return el('span', { class: 'chip ' + (cls || word), text: word }); }
        function fail(error) { view.replaceChildren(el('p', { class: 'problem', text: String(error.message || error) })); }

        function route() {
          if (player) { player.stop(); player = null; }
          const hash = decodeURIComponent(location.hash.slice(1));
          const [kind, name] = [hash.split('=')[0], hash.slice(hash.indexOf('=') + 1)];
          where.textContent = hash ? '› ' + name : '';
          if (kind === 'visit') showVisit(name).catch(fail);
          else if (kind === 'test') showTest(name).catch(fail);
          else if (kind === 'score') showScoring(name).catch(fail);
          else showList().catch(fail);
        }
        window.addEventListener('hashchange', route);

        async function showList() {
          const list = await api('/api/list');
          const filter = el('input', { id: 'filter', placeholder: 'Filter: participant, protocol, status, test…' });
          const visits = el('table', { id: 'visits' });
          visits.append(el('tr', {}, el('th', { text: 'Participant' }), el('th', { text: 'Started (local time)' }),
            el('th', { text: 'Protocol' }), el('th', { text: 'Tests' }), el('th', { text: 'Status' }),
            el('th', { text: 'Flags' })));
          for (const v of list.visits) {
            const row = el('tr', { class: 'visit' });
            if (v.problem) {
              row.append(el('td', {}, link('visit=' + v.name, v.name)), el('td', { class: 'problem', colspan: 5,
                text: v.problem }));
            } else {
              const tests = el('td');
              for (const t of v.tests) tests.append(chip(t.test + ' ' + t.status, t.status));
              const flags = el('td');
              for (const f of v.flags) flags.append(chip(f, 'flag'));
              row.append(el('td', {}, link('visit=' + v.name, v.participant)), el('td', { text: local(v.started) }),
                el('td', { text: v.protocol }), tests, el('td', {}, chip(v.status)), flags);
            }
            visits.append(row);
          }
          const files = el('table', { id: 'files' });
          files.append(el('tr', {}, el('th', { text: 'Results file' }), el('th', { text: 'Modified (local time)' })));
          for (const f of list.files) {
            files.append(el('tr', { class: 'file' }, el('td', {}, link('test=' + f.name, f.name)),
              el('td', { text: local(f.modified) })));
          }
          filter.addEventListener('input', () => {
            const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
            for (const row of document.querySelectorAll('tr.visit, tr.file')) {
              const text = row.textContent.toLowerCase();
              row.hidden = !words.every((w) => text.includes(w));
            }
          });
          view.replaceChildren(filter, el('h2', { text: 'Visits (' + list.visits.length + ')' }), visits,
            el('h2', { text: 'Results files outside visits (' + list.files.length + ')' }), files);
        }

        async function showVisit(name) {
          const v = await api('/api/visit?path=' + encodeURIComponent(name));
          if (v.problem) { fail(new Error(v.problem)); return; }
          const table = el('table', { id: 'tests' });
          table.append(el('tr', {}, el('th', { text: '#' }), el('th', { text: 'Test' }), el('th', { text: 'Status' }),
            el('th', { text: 'Steps' }), el('th', { text: 'Interruptions over time' }),
            el('th', { text: v.hasRanges ? 'Measures (against the study’s ranges)' : 'Measures' })));
          for (const t of v.tests) {
            const steps = el('td');
            for (const s of t.steps || []) steps.append(chip(s.step + ': ' + s.outcome, s.outcome === 'finished' ?
              'done' : 'stopped'));
            const line = el('td');
            const measured = el('td', { class: 'measures-cell' });
            const title = el('span', {}, t.results ? link('test=' + t.results, t.test) : t.test);
            // The trail making test is timed, not scored by raters (docs/scoring.md): no scoring link.
            if (t.results && t.test !== 'trails') title.append(' · ', link('score=' + t.results, 'score'));
            table.append(el('tr', { class: 'test' }, el('td', { text: String(t.index) }), el('td', {}, title),
              el('td', {}, chip(t.status), t.skipReason ? ' ' + t.skipReason : ''), steps, line, measured));
            if (t.results) { timeline(t.results, line); measuresInto(t.results, measured); }
          }
          view.replaceChildren(el('h2', { text: 'Visit of ' + v.participant }),
            el('p', { text: 'Protocol ' + v.protocol + ' · started ' + local(v.started) + ' · ' + v.status }),
            table);
        }

        async function timeline(results, cell) {
          try {
            const ink = await api('/api/ink?path=' + encodeURIComponent(results));
            const end = Math.max(1, ...ink.steps.map((s) => s.end));
            const bar = el('div', { class: 'timeline' });
            for (const s of ink.steps) for (const e of s.events) {
              const mark = el('span', { title: e.what + ' at ' + (e.t / 1000).toFixed(1) + ' s' });
              mark.style.left = (100 * e.t / end) + '%';
              bar.append(mark);
            }
            cell.append(bar, ' ' + ink.steps.reduce((n, s) => n + s.events.length, 0) + ' in ' +
              (end / 1000).toFixed(0) + ' s');
          } catch (error) { cell.append(el('span', { class: 'problem', text: String(error.message) })); }
        }

        // A results file's measures as the report shows them; with --ranges, each drawn against its range (the
        // green zone) with the value's mark, and the place said in words, never by colour alone.
        async function measuresInto(results, cell) {
          try {
            const m = await api('/api/measures?path=' + encodeURIComponent(results));
            const table = el('table', { class: 'measures' });
            for (const x of m.measures) {
              const row = el('tr', { class: 'measure', 'data-column': x.column },
                el('td', { text: x.label }), el('td', { class: 'value', text: x.text + (x.unit && x.value !== null ?
                ' ' + x.unit : '') }));
              if ('low' in x) row.append(el('td', {}, rangeBar(x)), el('td', { class: 'place-' + (x.place || 'none'),
                text: placeWords(x) }));
              table.append(row);
            }
            cell.replaceChildren(table);
          } catch (error) { cell.append(el('span', { class: 'problem', text: String(error.message) })); }
        }
        function placeWords(x) {
          const words = { below: 'BELOW RANGE', within: 'within range', above: 'ABOVE RANGE' }[x.place] || 'no value';
          const ends = (x.low === null ? '…' : x.low) + '–' + (x.high === null ? '…' : x.high);
          return words + ' (' + ends + (x.rangeLabel ? ', ' + x.rangeLabel : '') + ')';
        }
        function rangeBar(x) {
          const bar = el('span', { class: 'bar', title: placeWords(x) });
          const known = [x.low, x.high, x.value].filter((v) => v !== null);
          let a = Math.min(...known), b = Math.max(...known);
          const pad = (b - a) * 0.25 || Math.abs(a) * 0.25 || 1;
          a -= pad; b += pad;
          const at = (v) => (100 * (v - a) / (b - a));
          const zone = el('span', { class: 'zone' });
          const from = x.low === null ? 0 : at(x.low), to = x.high === null ? 100 : at(x.high);
          zone.style.left = from + '%'; zone.style.width = (to - from) + '%';
          bar.append(zone);
          if (x.value !== null) {
            const mark = el('span', { class: 'mark' });
            mark.style.left = 'calc(' + at(x.value) + '% - 1px)';
            bar.append(mark);
          }
          return bar;
        }

        async function showTest(name) {
          const opened = performance.now();
          const ink = await api('/api/ink?path=' + encodeURIComponent(name));
          const stepPick = el('select', { id: 'step' });
          ink.steps.forEach((s, i) => stepPick.append(el('option', { value: String(i), text: s.id })));
          const play = el('button', { id: 'play', text: 'Play' });
          const speed = el('select', { id: 'speed' });
          for (const x of [1, 2, 4]) speed.append(el('option', { value: String(x), text: x + '×' }));
          const colour = el('select', { id: 'colour' });
          colour.append(el('option', { value: 'time', text: 'colour by time' }),
            el('option', { value: 'pressure', text: 'colour by pressure' }));
          const scrub = el('input', { id: 'scrub', type: 'range', min: '0', max: '1000', value: '0' });
          const clock = el('span', { id: 'clock', text: '0.0 s' });
          const canvas = el('canvas', { id: 'ink', width: '800', height: '600' });
          const events = el('ol', { id: 'events' });
          const measured = el('div', { id: 'measures' });
          measuresInto(name, measured);
          const form = el('p', { class: 'form-note', id: 'form' });
          const download = el('a', { href: '/api/file?path=' + encodeURIComponent(name) + '&token=' + token,
            text: 'results file' });
          view.replaceChildren(el('h2', {}, ink.test + ' · ' + name, ink.test === 'trails' ? '' : ' · ',
            ink.test === 'trails' ? '' : link('score=' + name, 'score it')),
            ink.problems ? el('p', { class: 'problem', text: ink.problems + ' problems: see styluskit adf validate' }) :
            '', el('div', { id: 'controls' }, stepPick, play, speed, colour, scrub, clock, download),
            el('div', { id: 'player' }, canvas, el('div', {}, form, el('h3', { text: 'At their moment' }), events,
            el('h3', { text: 'Measures' }), measured)));
          player = new Player(name, ink, canvas, { stepPick, play, speed, colour, scrub, clock, events, form });
          // From asking for the ink to the canvas drawn (the browser test prints it: the first paint's cost).
          canvas.dataset.firstPaint = (performance.now() - opened).toFixed(1);
          view.append(patientBox(name));
        }

        // Scoring: the rater's own sheet until both raters are done (the server shows no more), then both
        // sheets, the agreement, the differences for the adjudicator and the final scores.
        async function showScoring(name, message) {
          const rater = sessionStorage.getItem('rater') || '';
          const query = '/api/scoring?path=' + encodeURIComponent(name) + '&rater=' + encodeURIComponent(rater);
          const [s, ink] = await Promise.all([api(query), api('/api/ink?path=' + encodeURIComponent(name))]);
          const who = el('input', { id: 'rater', value: rater, placeholder: 'your rater id' });
          const role = el('select', { id: 'role' });
          role.append(el('option', { value: 'rater', text: 'rater' }),
            el('option', { value: 'adjudicator', text: 'adjudicator' }));
          if (sessionStorage.getItem('role') === 'adjudicator') role.value = 'adjudicator';
          const use = el('button', { id: 'use-rater', text: 'Score as this id' });
          use.onclick = () => { sessionStorage.setItem('rater', who.value.trim());
            sessionStorage.setItem('role', role.value); showScoring(name).catch(fail); };
          const mine = s.sheets.find((x) => x.rater === rater);
          const adjudicating = role.value === 'adjudicator';
          const items = adjudicating ? s.items.filter((i) => s.differences.includes(i.id)) : s.items;
          const table = el('table', { id: 'items' });
          table.append(el('tr', {}, el('th', { text: 'Item' }), el('th', { text: 'Expected' }),
            el('th', { text: 'Mark' })));
          const inputs = {};
          for (const item of items) {
            const value = mine ? mine.marks[item.id] : undefined;
            let input;
            if (item.categories) {
              input = el('select', { 'data-item': item.id });
              input.append(el('option', { value: '', text: '—' }));
              for (const c of item.categories) input.append(el('option', { value: c.name, text: c.name + ' (' + c.points +
                ')', title: c.meaning }));
              if (value !== undefined) input.value = String(value);
            } else {
              input = el('input', { type: 'number', min: '0', max: String(item.countMaximum), 'data-item': item.id });
              if (value !== undefined) input.value = String(value);
            }
            if (mine && mine.done) input.disabled = true;
            inputs[item.id] = input;
            table.append(el('tr', { class: 'item' }, el('td', { text: item.label + ' · ' + item.step }),
              el('td', { class: 'expected', text: item.expected || '' }), el('td', {}, input)));
          }
          const save = (done) => {
            const marks = {};
            for (const [id, input] of Object.entries(inputs)) {
              if (input.value === '') continue;
              marks[id] = input.type === 'number' ? Number(input.value) : input.value;
            }
            return post('/api/scoring', { path: name, rater, role: role.value, marks, done })
              .then(() => showScoring(name, done ? 'Saved; your sheet is done.' : 'Saved.'))
              .catch((e) => showScoring(name, e.message));
          };
          const saveButton = el('button', { id: 'save', text: 'Save' });
          const doneButton = el('button', { id: 'done', text: 'Save and done' });
          saveButton.onclick = () => save(false);
          doneButton.onclick = () => save(true);
          const canvas = el('canvas', { id: 'ink', width: '600', height: '600' });
          const facts = el('div', { id: 'scoring-facts' },
            el('p', { id: 'state', text: 'State: ' + s.state + ' · raters: ' + (s.raters.join(', ') || 'none') +
              ' · done: ' + (s.doneRaters.join(', ') || 'none') }),
            el('p', { class: 'problem', id: 'message', text: message || '' }));
          for (const sheet of s.sheets) {
            facts.append(el('p', { class: 'sheet', text: sheet.rater + (sheet.adjudicator ? ' (adjudicator)' : '') +
              (sheet.done ? ' done' : ' not done') + ': ' + sheet.scores.map((x) => x.step + ' ' + x.points + '/' +
              x.maximum + ', ' + x.errors + ' errors').join('; ') }));
          }
          if (s.agreement) {
            const a = s.agreement;
            facts.append(el('p', { id: 'agreement', text: 'Agreement of ' + a.first + ' and ' + a.second + ': ' +
              a.itemsAgreeing + ' of ' + a.itemsCompared + ' items the same (exact ' + (a.exact === null ? 'undefined' :
              a.exact.toFixed(3)) + '), Cohen’s kappa ' + (a.kappa === null ? 'undefined' : a.kappa.toFixed(3)) +
              '; step points ' + a.steps.map((x) => x.step + ' ' + x.first + ' vs ' + x.second).join('; ') }));
            if (s.differences.length) facts.append(el('p', { text: 'Differences to adjudicate: ' +
              s.differences.join(', ') }));
          }
          if (s.finalScores) {
            facts.append(el('p', { id: 'final', text: 'Final: ' + s.finalScores.map((x) => x.step + ' ' + x.points +
              '/' + x.maximum + ', ' + x.errors + ' errors').join('; ') }));
          }
          view.replaceChildren(el('h2', {}, 'Scoring · ', link('test=' + name, name)),
            el('p', { text: s.title + ' (version ' + s.version + ')' }),
            el('div', { id: 'controls' }, who, role, use), facts,
            el('div', { id: 'player' }, canvas, el('div', {}, rater ? el('div', {}, saveButton, ' ', doneButton) :
              el('p', { text: 'Give your rater id to mark.' }), table)));
          const hidden = { stepPick: el('select'), play: el('button'), speed: el('select'), colour: el('select'),
            scrub: el('input', { type: 'range', min: '0', max: '1000' }), clock: el('span'), events: el('ol'),
            form: el('p') };
          hidden.speed.append(el('option', { value: '1' }));
          hidden.colour.append(el('option', { value: 'time' }));
          player = new Player(name, ink, canvas, hidden);
          player.seek(player.step.end);
          const stepPick = el('select', { id: 'score-step' });
          ink.steps.forEach((x, i) => stepPick.append(el('option', { value: String(i), text: x.id })));
          stepPick.onchange = () => { player.load(+stepPick.value); player.seek(player.step.end); };
          canvas.before(stepPick);
        }

        // Patient details only once the clinician key is unlocked in this browser session (tab).
        function patientBox(name) {
          const box = el('div', { id: 'patient' }, el('h3', { text: 'Patient details' }));
          const show = () => api('/api/patient?path=' + encodeURIComponent(name)).then((details) => {
            const table = el('table');
            for (const [k, v] of Object.entries(details)) table.append(el('tr', {}, el('th', { text: k }),
              el('td', { text: v })));
            const lock = el('button', { text: 'Lock' });
            lock.onclick = () => post('/api/lock', {}).finally(() => { sessionStorage.removeItem('clinician');
              route(); });
            box.replaceChildren(el('h3', { text: 'Patient details' }), Object.keys(details).length ? table :
              el('p', { text: 'This results file has no patient details.' }), lock);
          });
          if (sessionStorage.getItem('clinician')) { show().catch((e) => box.append(el('p', { class: 'problem',
            text: e.message }))); return box; }
          const password = el('input', { type: 'password', id: 'password', placeholder: 'clinician key password' });
          const unlock = el('button', { id: 'unlock', text: 'Unlock' });
          const message = el('p', { class: 'problem' });
          unlock.onclick = () => post('/api/unlock', { password: password.value }).then((r) => {
            password.value = '';
            sessionStorage.setItem('clinician', r.session);
            return show();
          }).catch((e) => { message.textContent = e.message; });
          box.append(password, unlock, message);
          return box;
        }

        class Player {
          constructor(name, ink, canvas, ui) {
            Object.assign(this, { name, ink, canvas, ui, ctx: canvas.getContext('2d'), playing: false, frame: 0 });
            ui.stepPick.onchange = () => this.load(+ui.stepPick.value);
            ui.play.onclick = () => (this.playing ? this.pause() : this.start());
            ui.colour.onchange = () => this.seek(this.t);
            ui.scrub.oninput = () => { this.pause(); this.seek(this.step.start + this.span * ui.scrub.value / 1000); };
            this.load(0);
          }
          load(index) {
            this.pause();
            this.step = this.ink.steps[index];
            this.span = Math.max(1, this.step.end - this.step.start);
            const w = this.ink.canvas.width || 768, h = this.ink.canvas.height || 1024;
            this.scale = Math.min(800 / w, 700 / h);
            this.canvas.width = Math.round(w * this.scale);
            this.canvas.height = Math.round(h * this.scale);
            let max = 0;
            for (const s of this.step.strokes) for (let i = 3; i < s.length; i += 4) max = Math.max(max, s[i]);
            this.maxPressure = max || 1;
            this.total = this.step.strokes.reduce((n, s) => n + s.length / 4, 0);
            this.ui.events.replaceChildren(...this.step.events.map((e) =>
              el('li', { 'data-t': String(e.t), text: ((e.t - this.step.start) / 1000).toFixed(2) + ' s: ' + e.what })));
            this.ui.form.textContent = this.formNote();
            this.formImage = null;
            this.seek(this.step.start);
            this.loadForm(index);
          }
          // The form as the participant saw it, drawn by the server (the same drawing as render), under the ink.
          async loadForm(index) {
            const r = await fetch('/api/form?path=' + encodeURIComponent(this.name) + '&step=' + index,
              { headers: { 'X-StylusKit-Token': token } });
            if (!r.ok || this.step !== this.ink.steps[index]) return;
            const image = await createImageBitmap(await r.blob());
            if (this.step !== this.ink.steps[index]) return;
            this.formImage = image;
            this.canvas.dataset.form = 'shown';
            const t = this.t;
            this.seek(t);
          }
          formNote() {
            const s = this.step, notes = [];
            if (s.clockTime) notes.push('Clock time asked: ' + s.clockTime);
            if (s.symbolDigit) notes.push('Symbol-digit key: set ' + s.symbolDigit.set + ' (' + s.symbolDigit.structure +
              ')');
            if (s.trail) notes.push(s.trail.circles.length + ' circles, radius ' + s.trail.radius + ' pt');
            if (this.ink.test === 'maze') notes.push('Maze: ' + s.id + ' (its walls are drawn when the visit ' +
              'folder keeps the maze; a results file alone does not carry it)');
            notes.push('Ended: ' + s.outcome);
            return notes.join(' · ');
          }
          start() {
            if (this.t >= this.step.end) this.seek(this.step.start);
            this.playing = true;
            this.ui.play.textContent = 'Pause';
            let last = performance.now();
            // Each frame's interval and drawing time, for the frame-timing check (integration/browser).
            this.frames = [];
            const tick = (now) => {
              if (!this.playing) return;
              const begun = performance.now();
              this.advance(this.t + (now - last) * +this.ui.speed.value);
              this.frames.push([now - last, performance.now() - begun]);
              last = now;
              if (this.t >= this.step.end) { this.pause(); return; }
              this.frame = requestAnimationFrame(tick);
            };
            this.frame = requestAnimationFrame(tick);
          }
          pause() {
            this.playing = false;
            cancelAnimationFrame(this.frame);
            this.ui.play.textContent = 'Play';
          }
          stop() { this.pause(); }
          background() {
            const c = this.ctx, k = this.scale;
            c.fillStyle = '#fff';
            c.fillRect(0, 0, this.canvas.width, this.canvas.height);
            if (this.formImage) {
              const f = k * this.ink.pointsPerInch / this.ink.formDotsPerInch;
              c.drawImage(this.formImage, 0, 0, this.formImage.width * f, this.formImage.height * f);
            }
            if (this.step.trail) {
              c.strokeStyle = '#888'; c.fillStyle = '#444'; c.font = '12px sans-serif';
              for (const circle of this.step.trail.circles) {
                c.beginPath(); c.arc(circle.x * k, circle.y * k, this.step.trail.radius * k, 0, 2 * Math.PI); c.stroke();
                c.fillText(circle.label, circle.x * k - 4, circle.y * k + 4);
              }
            }
          }
          seek(t) {
            this.background();
            this.cursor = this.step.strokes.map(() => 0);
            this.drawn = 0;
            this.t = this.step.start;
            this.advance(t);
          }
          colourOf(p, t) {
            if (this.ui.colour.value === 'pressure') {
              if (p < 0) return 'rgb(120,120,120)';
              const v = Math.round(200 - 200 * Math.min(1, p / this.maxPressure));
              return 'rgb(' + v + ',' + v + ',255)';
            }
            const hue = Math.round(240 * (1 - Math.min(1, Math.max(0, (t - this.step.start) / this.span))));
            return 'hsl(' + hue + ',90%,40%)';
          }
          // Draws only the segments between the last frame's time and t: a frame costs what it adds. Neighbouring
          // segments of one colour go in one path, stroked once (a colour by time changes a few hundred times over a
          // step, so a frame that catches up after the browser was held back still draws in a few paths).
          advance(t) {
            t = Math.min(t, this.step.end);
            const c = this.ctx, k = this.scale;
            c.lineWidth = 2; c.lineCap = 'round'; c.lineJoin = 'round';
            this.step.strokes.forEach((s, n) => {
              let i = this.cursor[n], colour = null;
              while (i < s.length && s[i + 2] <= t) {
                const now = this.colourOf(s[i + 3], s[i + 2]);
                const j = i >= 4 ? i - 4 : i;
                if (now !== colour) {
                  if (colour !== null) c.stroke();
                  colour = now;
                  c.strokeStyle = colour;
                  c.beginPath();
                  c.moveTo(s[j] * k, s[j + 1] * k);
                }
                c.lineTo(s[i] * k + (i === j ? 0.01 : 0), s[i + 1] * k);
                i += 4; this.drawn++;
              }
              if (colour !== null) c.stroke();
              this.cursor[n] = i;
            });
            this.t = t;
            this.ui.scrub.value = String(Math.round(1000 * (t - this.step.start) / this.span));
            this.ui.clock.textContent = ((t - this.step.start) / 1000).toFixed(1) + ' s';
            for (const li of this.ui.events.children) li.classList.toggle('now', +li.dataset.t <= t);
            this.canvas.dataset.drawn = String(this.drawn);
            this.canvas.dataset.total = String(this.total);
          }
        }
        route();
        """#
}
