import { defineEventHandler } from 'h3'
import { sendBackToRecord } from '../../../../../utils/back-to-record'

// A form's post address opened with GET: back to the record it belongs to.
export default defineEventHandler(sendBackToRecord)
