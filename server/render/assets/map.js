// Maps and map pickers, once the map library (Leaflet, served from /pkg)
// has loaded, and "Use my position" on a place given without a map (loaded
// alone then). Without script, a map block is its list of places and a place
// is two inputs: this only adds to what the page already says.
;(function () {
  'use strict'

  // The browser's own position into the two inputs, said aloud when found.
  function locateOnly(box) {
    var lat = box.querySelector('input[name$=".lat"]')
    var lng = box.querySelector('input[name$=".lng"]')
    if (!lat || !lng || !navigator.geolocation) return
    var typed = box.querySelector('details')
    var button = document.createElement('button')
    button.type = 'button'
    button.className = 'button button-secondary location-locate'
    button.textContent = box.getAttribute('data-locate-label')
    var said = document.createElement('p')
    said.className = 'field-note location-said'
    said.setAttribute('role', 'status')
    box.insertBefore(said, box.firstChild)
    box.insertBefore(button, said)
    button.addEventListener('click', function () {
      said.textContent = box.getAttribute('data-locating')
      navigator.geolocation.getCurrentPosition(
        function (position) {
          lat.value = position.coords.latitude.toFixed(6)
          lng.value = position.coords.longitude.toFixed(6)
          said.textContent = (box.getAttribute('data-located') || '')
            .replace('{lat}', lat.value)
            .replace('{lng}', lng.value)
        },
        function () {
          said.textContent = box.getAttribute('data-locate-failed')
          if (typed) typed.open = true
        },
        { enableHighAccuracy: true, timeout: 20000 },
      )
    })
  }
  document.querySelectorAll('.location[data-locate]').forEach(locateOnly)

  var L = window.L
  if (!L) return
  var WORLD = [20, 0]

  function baseMap(canvas, attribution) {
    var map = L.map(canvas, { scrollWheelZoom: false })
    L.tileLayer('/tiles/{z}/{x}/{y}.png', { maxZoom: 19, attribution: attribution || '' }).addTo(map)
    return map
  }

  function showPlaces(figure) {
    var points
    try {
      points = JSON.parse(figure.getAttribute('data-points') || '[]')
    } catch {
      return
    }
    var canvas = figure.querySelector('.map-canvas')
    if (!canvas) return
    var map = baseMap(canvas, figure.getAttribute('data-attribution'))
    var bounds = []
    points.forEach(function (point) {
      var marker = L.circleMarker([point.lat, point.lng], { radius: 9, weight: 2 }).addTo(map)
      var label = document.createElement(point.href ? 'a' : 'span')
      label.textContent = point.label
      if (point.href) label.href = point.href
      marker.bindPopup(label)
      bounds.push([point.lat, point.lng])
    })
    if (bounds.length > 0) map.fitBounds(bounds, { maxZoom: 16, padding: [24, 24] })
    else map.setView(WORLD, 2)
  }

  function picker(box) {
    var lat = box.querySelector('input[name$=".lat"]')
    var lng = box.querySelector('input[name$=".lng"]')
    if (!lat || !lng) return
    var canvas = document.createElement('div')
    canvas.className = 'map-canvas map-picker'
    var help = document.createElement('p')
    help.className = 'field-help'
    help.textContent = box.getAttribute('data-picker-help') || 'Tap the map to place the spot.'
    var locate = document.createElement('button')
    locate.type = 'button'
    locate.className = 'button button-secondary'
    locate.textContent = box.getAttribute('data-locate-label') || 'Use my position'
    box.appendChild(help)
    box.appendChild(canvas)
    if (navigator.geolocation) box.appendChild(locate)
    var map = baseMap(canvas, box.getAttribute('data-attribution'))
    var marker = null
    function place(at, zoom) {
      lat.value = at.lat.toFixed(6)
      lng.value = at.lng.toFixed(6)
      if (marker) marker.setLatLng(at)
      else marker = L.circleMarker(at, { radius: 9, weight: 2 }).addTo(map)
      if (zoom) map.setView(at, 16)
    }
    var givenLat = parseFloat(lat.value)
    var givenLng = parseFloat(lng.value)
    if (isFinite(givenLat) && isFinite(givenLng)) place({ lat: givenLat, lng: givenLng }, true)
    else map.setView(WORLD, 2)
    map.on('click', function (event) {
      place(event.latlng, false)
    })
    locate.addEventListener('click', function () {
      navigator.geolocation.getCurrentPosition(function (position) {
        place({ lat: position.coords.latitude, lng: position.coords.longitude }, true)
      })
    })
  }

  document.querySelectorAll('figure.map[data-points]').forEach(showPlaces)
  document.querySelectorAll('.location[data-map-picker]').forEach(picker)
})()
