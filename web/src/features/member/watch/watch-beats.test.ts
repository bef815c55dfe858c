import { describe, expect, it } from 'vitest';
import { deviceSummary } from './device-summary';
import { WatchBeats } from './watch-beats';

const visible = () => true;

describe('WatchBeats', () => {
  it('numbers the beats 1, 2, 3… and claims the media seconds played between them', () => {
    const beats = new WatchBeats(visible);
    beats.startAt(0);
    for (let s = 0.25; s <= 10; s += 0.25) beats.progress(s, 1);
    const first = beats.next('tick');
    expect(first).toEqual({ seq: 1, position: 10, played: 10, rate: 1, visible: true, event: 'tick' });
    for (let s = 10.25; s <= 12; s += 0.25) beats.progress(s, 1);
    expect(beats.next('pause')).toMatchObject({ seq: 2, position: 12, played: 2, event: 'pause' });
    // nothing played since: a beat claims 0
    expect(beats.next('tick')).toMatchObject({ seq: 3, played: 0 });
  });

  it('does not count a seek as played: 5 s played, a jump to 300 s, 3 s played → 8 s', () => {
    const beats = new WatchBeats(visible);
    for (let s = 0; s <= 5; s += 0.5) beats.progress(s);
    // a jump seen only through timeupdate (no seek event) is not a playing step either
    beats.progress(300);
    for (let s = 300.5; s <= 303; s += 0.5) beats.progress(s);
    expect(beats.next('tick')).toMatchObject({ played: 8, position: 303 });
  });

  it('after a seek event counts from the new position, also backwards', () => {
    const beats = new WatchBeats(visible);
    for (let s = 100; s <= 110; s += 1) beats.progress(s);
    beats.seek(20);
    const seek = beats.next('seek');
    expect(seek).toMatchObject({ seq: 1, played: 10, position: 20, event: 'seek' });
    beats.progress(21);
    beats.progress(22);
    expect(beats.next('tick')).toMatchObject({ seq: 2, played: 2, position: 22 });
  });

  it('counts nothing from 0 to the resume position', () => {
    const beats = new WatchBeats(visible);
    beats.startAt(95);
    beats.progress(95.5);
    beats.progress(96);
    expect(beats.next('tick')).toMatchObject({ played: 1, position: 96 });
  });

  it('reports the playback rate (2× steps of 0.5 s per timeupdate still count) and the visibility', () => {
    let shown = true;
    const beats = new WatchBeats(() => shown);
    for (let s = 0; s <= 20; s += 0.5) beats.progress(s, 2);
    shown = false;
    expect(beats.next('tick')).toMatchObject({ played: 20, rate: 2, visible: false });
  });

  it('puts the played seconds of a beat that never arrived into the next one, with a new seq', () => {
    const beats = new WatchBeats(visible);
    for (let s = 0; s <= 10; s += 1) beats.progress(s);
    const lost = beats.next('tick');
    beats.unsent(lost);
    for (let s = 11; s <= 14; s += 1) beats.progress(s);
    expect(beats.next('tick')).toMatchObject({ seq: 2, played: 14 });
  });
});

describe('deviceSummary', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'Chrome · Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari · iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox · Linux'],
    ['curl/8.0', 'Browser'],
  ])('%s → %s', (ua, summary) => expect(deviceSummary(ua)).toBe(summary));
});
