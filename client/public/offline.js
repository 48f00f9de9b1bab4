/* global document */
// The offline page speaks the device's language (ADR 043, issue 28): Turkish for tr*, else English.
// Plain ES5 in a file of its own: the page's CSP allows no inline script, and it is precached with it.
(function () {
  var language = (navigator.language || 'tr').toLowerCase();
  var lang = language === 'tr' || language.indexOf('tr-') === 0 ? 'tr' : 'en';
  var sections = document.querySelectorAll('[data-lang]');
  for (var i = 0; i < sections.length; i++) {
    sections[i].hidden = sections[i].getAttribute('data-lang') !== lang;
  }
  document.documentElement.lang = lang;
  document.title = lang === 'tr' ? 'Çevrimdışısın · Squad' : 'You are offline · Squad';
})();
